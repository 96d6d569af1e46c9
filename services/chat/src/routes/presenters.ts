// How chat's stored rows are shown (docs/product-rules.md#entities; the spec fixes their snake_case fields): a
// session in a list, and a message in a session or a followed reply, its attachments through signed URLs.
import type { ChatMessage, ChatSession } from '@act/contracts';
import type { ObjectStore } from '@act/service-kit/files';
import type { MessageRow, SessionRow, ShownMessageRow } from '../db/chat-store';

export function presentSession(row: SessionRow): ChatSession {
  return {
    id: row.id,
    title: row.title,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    model_id: row.model_id,
    url: row.url,
    project_id: row.project_id,
    pinned: row.pinned,
  };
}

export function presentMessage(row: MessageRow | ShownMessageRow, files: ObjectStore): ChatMessage {
  return {
    id: row.id,
    session_id: row.session_id,
    role: row.role,
    model_name: row.model_name,
    content: row.content,
    created_at: row.created_at.toISOString(),
    reply_id: row.reply_id,
    reasoning: row.reasoning,
    status: row.status,
    error: row.error,
    ...(row.citations?.length ? { citations: row.citations } : {}),
    ...(row.attachments?.length
      ? {
          attachments: row.attachments.map((attachment) => ({
            kind: attachment.kind,
            url: files.signedUrl(attachment.key),
            contentType: attachment.contentType,
            name: attachment.name,
            size: attachment.size,
          })),
        }
      : {}),
    ...(row.local ? { local: true } : {}),
    ...(row.role === 'assistant' ? { credits: row.credits } : {}),
    ...(row.fused_from ? { fused_from: row.fused_from } : {}),
    parent_id: row.parent_id,
    // Where it stands among its versions (edits of a message, regenerated answers), when it has any.
    ...('versions' in row && row.versions.count > 1 ? { versions: row.versions } : {}),
  };
}
