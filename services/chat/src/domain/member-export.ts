// Chat's part of a member's data export (docs/architecture.md#data-export): each chat with every message (all
// versions, in order) as `chats/<id>.json`, the projects, saved prompts, custom instructions and share links, and the
// files attached to messages (by their object-store keys: the exporter streams them into the zip).
import type { MemberExportPart } from '@act/contracts/server';
import { exportRow, exportRows, type Sql } from '@act/service-kit';
import type { StoredAttachment } from '../db/chat-rows';

export async function collectChatExport(sql: Sql, userId: string): Promise<MemberExportPart> {
  const sessions = await sql`
    select id, kind, title, model_id, url, page_title, project_id, pinned, created_at, updated_at
    from chat_sessions where user_id = ${userId} order by created_at, id`;
  const messages = await sql<Array<{ session_id: string; attachments: StoredAttachment[] | null }>>`
    select id, session_id, role, parent_id, reply_id, model_name, content, reasoning, status, error, citations,
      attachments, credits, fused_from, created_at, updated_at
    from chat_messages where user_id = ${userId} order by seq`;
  const projects = await sql`
    select id, name, instructions, created_at, updated_at from chat_projects where user_id = ${userId}
    order by created_at`;
  const prompts = await sql`
    select id, title, body, created_at, updated_at from chat_prompts where user_id = ${userId} order by created_at`;
  const [instructions] = await sql`
    select text, enabled, updated_at from chat_instructions where user_id = ${userId}`;
  const shares = await sql`
    select id, session_id, token, title, created_at, expires_at from chat_shares where user_id = ${userId}
    order by created_at`;

  const bySession = new Map<string, Array<Record<string, unknown>>>();
  for (const message of messages) {
    const { session_id: sessionId, ...rest } = message;
    bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), exportRow(rest)]);
  }
  const files = messages.flatMap((message) =>
    (message.attachments ?? []).map((attachment) => ({
      path: `chats/attachments/${attachment.key.split('/').at(-1)}`,
      key: attachment.key,
    })),
  );
  return {
    documents: [
      ...sessions.map((session) => ({
        path: `chats/${session.id as string}.json`,
        data: { ...exportRow(session), messages: bySession.get(session.id as string) ?? [] },
      })),
      { path: 'chats/projects.json', data: exportRows(projects) },
      { path: 'chats/saved-prompts.json', data: exportRows(prompts) },
      { path: 'chats/instructions.json', data: instructions ? exportRow(instructions) : null },
      { path: 'chats/shares.json', data: exportRows(shares) },
    ],
    // One entry per stored file, even when a regenerated answer's message repeats it.
    files: [...new Map(files.map((file) => [file.key, file])).values()],
  };
}
