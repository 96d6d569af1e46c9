// A member's chat sessions: found (a 404 for another member's, another tool's, unknown or malformed), listed (paged,
// searchable), renamed, deleted with their messages, and a playground session continued as a chat agent session.
import { randomUUID } from 'node:crypto';
import { deleteOwned, findOwned, type Db, type Page, type Sql } from '@act/service-kit';
import { notFound, type SessionRow, type StoredAttachment, type StoredChatKind } from './chat-rows';
import { conversationAlong, treeOf, treeRowsOf } from './messages-store';
import { afterPinnedCursor, decodePinnedCursor, pinnedPageOf } from './pinned-cursor';

const SESSIONS = { table: 'chat_sessions' };

/** `%text%` for ILIKE, with the pattern characters of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createSessionsStore(sql: Sql) {
  /** The member's session of this kind, or a 404 (another member's, another tool's, unknown, malformed). */
  async function findSession(userId: string, kind: StoredChatKind, id: string): Promise<SessionRow> {
    const row = await findOwned<SessionRow>(sql, SESSIONS, { id, userId });
    if (row.kind !== kind) throw notFound();
    return row;
  }

  return {
    findSession,

    /** The member's session of any chat tool, or a 404 (another member's, unknown, malformed). */
    findAnySession(userId: string, id: string): Promise<SessionRow> {
      return findOwned<SessionRow>(sql, SESSIONS, { id, userId });
    },

    async listSessions(
      userId: string,
      kind: StoredChatKind,
      { cursor, limit, q, projectId }: { cursor?: string; limit: number; q?: string; projectId?: string },
    ): Promise<Page<SessionRow & { updated_key: string }>> {
      const position = cursor ? decodePinnedCursor(cursor) : undefined;
      const search = q ? containsPattern(q) : undefined;
      // Pinned chats first (issue 38), each part newest activity first; the cursor says which part it is in.
      const rows = await sql<Array<SessionRow & { updated_key: string }>>`
        select s.*, s.updated_at::text as updated_key
        from chat_sessions s
        where s.user_id = ${userId} and s.kind = ${kind}
          and ${projectId ? sql`s.project_id = ${projectId}` : sql`true`}
          and ${afterPinnedCursor(sql, position)}
          and ${
            search
              ? sql`(s.title ilike ${search} or exists (
                  select 1 from chat_messages m where m.session_id = s.id and m.content ilike ${search}))`
              : sql`true`
          }
        order by s.pinned desc, s.updated_at desc, s.id desc
        limit ${limit + 1}`;
      return pinnedPageOf(rows, limit);
    },

    /**
     * Renames, moves (a project already checked as the member's; null: out of any) or pins the session. Moving and
     * pinning leave its activity time alone, so the list keeps its order otherwise.
     * `renamed`: what else the change writes in its transaction (its announcement to the library).
     */
    async renameSession(
      userId: string,
      kind: StoredChatKind,
      id: string,
      change: { title?: string; projectId?: string | null; pinned?: boolean },
      renamed?: (tx: Db) => Promise<void>,
    ): Promise<SessionRow> {
      const session = await findSession(userId, kind, id);
      const projectId = change.projectId === undefined ? session.project_id : change.projectId;
      return sql.begin(async (tx) => {
        const [row] = await tx<SessionRow[]>`
          update chat_sessions
          set title = ${change.title ?? session.title}, project_id = ${projectId},
            pinned = ${change.pinned ?? session.pinned}
          where id = ${id} and user_id = ${userId} returning *`;
        if (!row) throw notFound();
        await renamed?.(tx);
        return row;
      }) as Promise<SessionRow>;
    },

    /**
     * Deletes the session and its messages; the ids of replies still streaming in it are returned to be stopped.
     * `deleted`: what else the delete writes in its transaction (its announcement to the library).
     */
    async deleteSession(
      userId: string,
      kind: StoredChatKind,
      id: string,
      deleted?: (tx: Db) => Promise<void>,
    ): Promise<{ streaming: string[]; files: string[] }> {
      await findSession(userId, kind, id);
      const streaming = await sql<Array<{ reply_id: string }>>`
        select distinct reply_id from chat_messages
        where session_id = ${id} and status = 'streaming' and reply_id is not null`;
      const attached = await sql<Array<{ attachments: StoredAttachment[] }>>`
        select attachments from chat_messages where session_id = ${id} and attachments is not null`;
      await sql.begin(async (tx) => {
        await deleteOwned(tx, SESSIONS, { id, userId });
        await deleted?.(tx);
      });
      return {
        streaming: streaming.map((row) => row.reply_id),
        files: attached.flatMap((row) => row.attachments.map((attachment) => attachment.key)),
      };
    },

    /**
     * A new chat agent session of the member continuing a playground session with one of its models: its title, and
     * as history the member's messages and that model's answers (ended, with text; fused answers left out), in
     * order. Returns the new session's id. The playground session must have been checked as the member's.
     */
    async continueAsAgent(input: {
      userId: string;
      fromSessionId: string;
      modelName: string;
      agentModelId: string;
    }): Promise<string> {
      return sql.begin(async (tx) => {
        const [from] = await tx<Array<{ title: string }>>`
          select title from chat_sessions where id = ${input.fromSessionId} and user_id = ${input.userId}`;
        if (!from) throw notFound();
        // The branch shown: each member's message and the answer this model gave to it, as the member sees it.
        const tree = treeOf(await treeRowsOf(tx, input.fromSessionId), true);
        const rows = conversationAlong(tree, tree.shownPath(), input.modelName);
        const sessionId = randomUUID();
        await tx`
          insert into chat_sessions (id, user_id, kind, title, model_id)
          values (${sessionId}, ${input.userId}, 'agent', ${from.title}, ${input.agentModelId})`;
        // The copies form one chain: each answer belongs to the question before it, each question follows the last.
        let lastQuestion: string | null = null;
        for (const row of rows) {
          const assistant = row.role === 'assistant';
          const id = randomUUID();
          await tx`
            insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, content, reasoning,
              status, parent_id, shown_at)
            values (${id}, ${sessionId}, ${input.userId}, ${row.role},
              ${assistant ? randomUUID() : null}, ${assistant ? input.agentModelId : null}, ${row.content},
              ${assistant ? row.reasoning : ''}, ${assistant ? row.status : 'completed'}, ${lastQuestion},
              clock_timestamp())`;
          if (!assistant) lastQuestion = id;
        }
        return sessionId;
      });
    },
  };
}
