// A reply's rows (docs/architecture.md#streaming-replies): opened with the member's message before the reply runs
// (streaming, empty), its text saved as it streams, its final rows written (with the charge's commit in the same
// transaction when it is charged), found again by its id, and closed as failed when its replica died mid-reply.
import { randomUUID } from 'node:crypto';
import { isUuid, type Db, type Sql } from '@act/service-kit';
import {
  titleFromMessage,
  type MessageRow,
  type MessageStatus,
  type ReplyRowState,
  type StoredAttachment,
  type StoredChatKind,
} from './chat-rows';

export interface OpenReplyInput {
  userId: string;
  kind: StoredChatKind;
  /** An existing session (already checked as the member's), or undefined to start one titled from the prompt. */
  sessionId?: string;
  prompt: string;
  replyId: string;
  /** One assistant row per column: its id and the model name stored with it. */
  columns: Array<{ rowId: string; modelName: string }>;
  /** What the member's message shows, when not the prompt (a web chat start shows the page's address). */
  userContent?: string;
  attachments?: StoredAttachment[];
  /** A new session's title, when not made from the prompt (a web chat is titled by its page). */
  title?: string;
  /** Chat agent: the session's model (kept up to date, restored when the session is opened). */
  modelId?: string;
  /** Web chat: the page a new session reads. */
  page?: { url: string; title: string; passages: string[] };
  /** The member's message the new one follows (null: the session's first; docs/architecture.md#chat-replies). */
  parentId?: string | null;
  /** Regenerate: the member's message answered again; no new member's message is stored. */
  answerOf?: string;
  /** Issue 38: a new session starts in this project (already checked as the member's). */
  projectId?: string;
}

/** Writes the reply's final rows (inside the given transaction, or not) and touches the session. */
async function writeFinalRows(db: Db, sessionId: string, rows: readonly ReplyRowState[]): Promise<void> {
  for (const row of rows) {
    await db`
      update chat_messages
      set content = ${row.content}, reasoning = ${row.reasoning}, status = ${row.status},
        error = ${row.error ?? null}, citations = ${row.citations?.length ? db.json(row.citations as never) : null},
        local = ${row.local ?? false}, credits = ${row.credits ?? null}, updated_at = now()
      where id = ${row.id}`;
  }
  await db`update chat_sessions set updated_at = now() where id = ${sessionId}`;
}

export function createRepliesStore(sql: Sql) {
  return {
    /**
     * Stores the member's message and the reply's rows (streaming, empty) in one transaction, creating the session
     * when none was named. Returns the session id.
     */
    async openReply(input: OpenReplyInput): Promise<{ sessionId: string; questionId: string }> {
      return sql.begin(async (tx) => {
        let sessionId = input.sessionId;
        const page = input.page;
        if (sessionId === undefined) {
          sessionId = randomUUID();
          await tx`
            insert into chat_sessions (id, user_id, kind, title, model_id, url, page_title, page_passages,
              project_id)
            values (${sessionId}, ${input.userId}, ${input.kind},
              ${titleFromMessage(input.title ?? input.prompt)}, ${input.modelId ?? null}, ${page?.url ?? null},
              ${page?.title ?? null}, ${page ? tx.json(page.passages) : null}, ${input.projectId ?? null})`;
        } else {
          await tx`
            update chat_sessions set updated_at = now(),
              model_id = coalesce(${input.modelId ?? null}::text, model_id)
            where id = ${sessionId}`;
        }
        // A regenerate answers a stored message again; anything else stores the member's new message. Rows are
        // written with their parent and shown_at (005-branches.sql chains rows without either: an older replica's).
        const questionId = input.answerOf ?? randomUUID();
        if (input.answerOf === undefined) {
          await tx`
            insert into chat_messages (id, session_id, user_id, role, content, attachments, parent_id, shown_at)
            values (${questionId}, ${sessionId}, ${input.userId}, 'user', ${input.userContent ?? input.prompt},
              ${input.attachments?.length ? tx.json(input.attachments as never) : null}, ${input.parentId ?? null},
              now())`;
        }
        for (const column of input.columns) {
          await tx`
            insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, status, parent_id,
              shown_at)
            values (${column.rowId}, ${sessionId}, ${input.userId}, 'assistant', ${input.replyId},
              ${column.modelName}, 'streaming', ${questionId}, now())`;
        }
        return { sessionId, questionId };
      });
    },

    /**
     * Stores the fused answer's row (streaming, empty) in the member's session, under the question of the turn it
     * merges, and touches the session.
     */
    async openFuse(input: {
      userId: string;
      sessionId: string;
      replyId: string;
      rowId: string;
      modelName: string;
      fusedFrom: string;
    }): Promise<{ sessionId: string; questionId: string }> {
      return sql.begin(async (tx) => {
        await tx`update chat_sessions set updated_at = now() where id = ${input.sessionId}`;
        const [row] = await tx<Array<{ parent_id: string }>>`
          insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, status, fused_from,
            parent_id, shown_at)
          values (${input.rowId}, ${input.sessionId}, ${input.userId}, 'assistant', ${input.replyId},
            ${input.modelName}, 'streaming', ${input.fusedFrom},
            (select parent_id from chat_messages
             where reply_id = ${input.fusedFrom} and session_id = ${input.sessionId} and fused_from is null
             limit 1),
            clock_timestamp())
          returning parent_id`;
        return { sessionId: input.sessionId, questionId: row!.parent_id };
      });
    },

    /** Saves the text so far of rows still streaming (a reopened session shows the reply growing). */
    async saveProgress(rows: readonly ReplyRowState[]): Promise<void> {
      for (const row of rows) {
        await sql`
          update chat_messages set content = ${row.content}, reasoning = ${row.reasoning}, updated_at = now()
          where id = ${row.id} and status = 'streaming'`;
      }
    },

    /** Writes the final rows of a reply that is not charged (nothing has to commit with them) and touches the session. */
    async finishReply(sessionId: string, rows: readonly ReplyRowState[]): Promise<void> {
      await writeFinalRows(sql, sessionId, rows);
    },

    /**
     * Writes the final rows of a charged reply and its charge's commit (`commit`, through the outbox) in one
     * transaction, so a stored reply is never refunded and a refund never leaves a stored reply.
     */
    async finishChargedReply(
      sessionId: string,
      rows: readonly ReplyRowState[],
      commit: (tx: Db) => Promise<void>,
    ): Promise<void> {
      await sql.begin(async (tx) => {
        await writeFinalRows(tx, sessionId, rows);
        await commit(tx);
      });
    },

    /** Whether this member has a reply with this id (Stop answers 404 otherwise), and whether it is still streaming. */
    async findReply(userId: string, replyId: string): Promise<{ streaming: boolean } | undefined> {
      const rows = await sql<Array<{ status: MessageStatus }>>`
        select status from chat_messages where reply_id = ${replyId} and user_id = ${userId}`;
      if (rows.length === 0) return undefined;
      return { streaming: rows.some((row) => row.status === 'streaming') };
    },

    /**
     * The assistant rows of the member's reply with this id (one per playground column, in column order) and its
     * session's kind; empty for another member's reply, an unknown one or a malformed id (each answers 404 alike).
     */
    async replyRows(userId: string, replyId: string): Promise<Array<MessageRow & { kind: StoredChatKind }>> {
      if (!isUuid(replyId)) return [];
      return sql<Array<MessageRow & { kind: StoredChatKind }>>`
        select m.id, m.session_id, m.role, m.reply_id, m.model_name, m.content, m.reasoning, m.status, m.error,
          m.citations, m.attachments, m.local, m.credits, m.fused_from, m.created_at, m.parent_id, s.kind
        from chat_messages m join chat_sessions s on s.id = m.session_id
        where m.reply_id = ${replyId} and m.user_id = ${userId} and s.user_id = ${userId}
        order by m.seq`;
    },

    /**
     * Replies still marked streaming long after any reply could have ended: their replica died mid-reply. They are
     * closed as failed (credits refunds their charge once the dead replica's lease lapses: docs/charges.md).
     */
    async closeAbandonedReplies(olderThanMs: number, error: string): Promise<number> {
      const rows = await sql`
        update chat_messages set status = 'failed', error = ${error}, credits = 0, updated_at = now()
        where status = 'streaming' and created_at < now() - ${olderThanMs} * interval '1 millisecond'
        returning id`;
      return rows.length;
    },
  };
}
