// The chat database: sessions and messages of each member, read and written only with the member's id from the
// verified token. Another member's session answers exactly like one that does not exist (findOwned/deleteOwned).
import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, ErrorCode, type ChatKind, type Citation } from '@act/contracts';
import {
  AppError,
  afterCursor,
  decodeCursor,
  deleteOwned,
  findOwned,
  isUuid,
  pageOf,
  type Db,
  type Page,
  type Sql,
} from '@act/service-kit';

/** The chat tools' session kinds: the four chats and Deep Search, whose reports are sessions too. */
export type StoredChatKind = ChatKind | 'deep-search';

export type MessageStatus = 'streaming' | 'completed' | 'stopped' | 'failed';

export interface SessionRow {
  id: string;
  user_id: string;
  kind: StoredChatKind;
  title: string;
  model_id: string | null;
  url: string | null;
  page_title: string | null;
  page_passages: string[] | null;
  created_at: Date;
  updated_at: Date;
}

/** A file attached to a member's message, as stored (the history shows it through a signed URL). */
export interface StoredAttachment {
  kind: 'image' | 'pdf';
  key: string;
  contentType: string;
  name: string | null;
  size: number;
}

export interface MessageRow {
  id: string;
  session_id: string;
  role: 'user' | 'assistant';
  reply_id: string | null;
  model_name: string | null;
  content: string;
  reasoning: string;
  status: MessageStatus;
  error: string | null;
  citations: Citation[] | null;
  attachments: StoredAttachment[] | null;
  local: boolean;
  /** Credits the reply was charged (0: free); null while it is written and for rows stored before costs were kept. */
  credits: number | null;
  /** A fused playground answer: the reply id of the turn it merged (null for every other row). */
  fused_from: string | null;
  created_at: Date;
}

/** One assistant row of a reply as the generation keeps it (one per playground column). */
export interface ReplyRowState {
  id: string;
  content: string;
  reasoning: string;
  status: MessageStatus;
  error?: string;
  citations?: Citation[];
  local?: boolean;
  /** Final rows: what the reply was charged (0 when it was free). */
  credits?: number;
}

const SESSIONS = { table: 'chat_sessions' };
const TITLE_MAX = 60;

function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
}

/** A session title made from the first message: one line, at most 60 characters. */
export function titleFromMessage(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_MAX ? line : `${line.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

/** `%text%` for ILIKE, with the pattern characters of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
}

export function createChatStore(sql: Sql) {
  /** The member's session of this kind, or a 404 (another member's, another tool's, unknown, malformed). */
  async function findSession(userId: string, kind: StoredChatKind, id: string): Promise<SessionRow> {
    const row = await findOwned<SessionRow>(sql, SESSIONS, { id, userId });
    if (row.kind !== kind) throw notFound();
    return row;
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

  return {
    findSession,

    async listSessions(
      userId: string,
      kind: StoredChatKind,
      { cursor, limit, q }: { cursor?: string; limit: number; q?: string },
    ): Promise<Page<SessionRow & { updated_key: string }>> {
      const position = cursor ? decodeCursor(cursor) : undefined;
      const search = q ? containsPattern(q) : undefined;
      const rows = await sql<Array<SessionRow & { updated_key: string }>>`
        select s.*, s.updated_at::text as updated_key
        from chat_sessions s
        where s.user_id = ${userId} and s.kind = ${kind}
          and ${afterCursor(sql, position, 's.updated_at', 's.id')}
          and ${
            search
              ? sql`(s.title ilike ${search} or exists (
                  select 1 from chat_messages m where m.session_id = s.id and m.content ilike ${search}))`
              : sql`true`
          }
        order by s.updated_at desc, s.id desc
        limit ${limit + 1}`;
      return pageOf(rows, limit, (row) => ({ timestampKey: row.updated_key, id: row.id }));
    },

    async renameSession(
      userId: string,
      kind: StoredChatKind,
      id: string,
      title: string,
    ): Promise<SessionRow> {
      await findSession(userId, kind, id);
      const [row] = await sql<SessionRow[]>`
        update chat_sessions set title = ${title} where id = ${id} and user_id = ${userId} returning *`;
      if (!row) throw notFound();
      return row;
    },

    /** Deletes the session and its messages; the ids of replies still streaming in it are returned to be stopped. */
    async deleteSession(
      userId: string,
      kind: StoredChatKind,
      id: string,
    ): Promise<{ streaming: string[]; files: string[] }> {
      await findSession(userId, kind, id);
      const streaming = await sql<Array<{ reply_id: string }>>`
        select distinct reply_id from chat_messages
        where session_id = ${id} and status = 'streaming' and reply_id is not null`;
      const attached = await sql<Array<{ attachments: StoredAttachment[] }>>`
        select attachments from chat_messages where session_id = ${id} and attachments is not null`;
      await deleteOwned(sql, SESSIONS, { id, userId });
      return {
        streaming: streaming.map((row) => row.reply_id),
        files: attached.flatMap((row) => row.attachments.map((attachment) => attachment.key)),
      };
    },

    async listMessages(userId: string, kind: StoredChatKind, sessionId: string): Promise<MessageRow[]> {
      await findSession(userId, kind, sessionId);
      return sql<MessageRow[]>`
        select id, session_id, role, reply_id, model_name, content, reasoning, status, error, citations,
          attachments, local, credits, fused_from, created_at
        from chat_messages where session_id = ${sessionId} order by seq`;
    },

    /**
     * The conversation so far, oldest first, as the model of one column saw it: the member's messages and that
     * model's answers (playground), or every answer (one model). Empty, failed and unfinished answers are left out.
     */
    async history(
      sessionId: string,
      { modelName, limit }: { modelName?: string; limit: number },
    ): Promise<
      Array<{ role: 'user' | 'assistant'; content: string; attachments: StoredAttachment[] | null }>
    > {
      const rows = await sql<
        Array<{ role: 'user' | 'assistant'; content: string; attachments: StoredAttachment[] | null }>
      >`
        select role, content, attachments from (
          select role, content, attachments, seq from chat_messages
          where session_id = ${sessionId}
            and (role = 'user' or (status in ('completed', 'stopped') and content <> '' and fused_from is null
              and ${modelName === undefined ? sql`true` : sql`model_name = ${modelName}`}))
          order by seq desc
          limit ${limit}
        ) recent order by seq`;
      return rows.map((row) => ({ role: row.role, content: row.content, attachments: row.attachments }));
    },

    /**
     * Stores the member's message and the reply's rows (streaming, empty) in one transaction, creating the session
     * when none was named. Returns the session id.
     */
    async openReply(input: OpenReplyInput): Promise<string> {
      return sql.begin(async (tx) => {
        let sessionId = input.sessionId;
        const page = input.page;
        if (sessionId === undefined) {
          sessionId = randomUUID();
          await tx`
            insert into chat_sessions (id, user_id, kind, title, model_id, url, page_title, page_passages)
            values (${sessionId}, ${input.userId}, ${input.kind},
              ${titleFromMessage(input.title ?? input.prompt)}, ${input.modelId ?? null}, ${page?.url ?? null},
              ${page?.title ?? null}, ${page ? tx.json(page.passages) : null})`;
        } else {
          await tx`
            update chat_sessions set updated_at = now(),
              model_id = coalesce(${input.modelId ?? null}::text, model_id)
            where id = ${sessionId}`;
        }
        await tx`
          insert into chat_messages (id, session_id, user_id, role, content, attachments)
          values (${randomUUID()}, ${sessionId}, ${input.userId}, 'user', ${input.userContent ?? input.prompt},
            ${input.attachments?.length ? tx.json(input.attachments as never) : null})`;
        for (const column of input.columns) {
          await tx`
            insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, status)
            values (${column.rowId}, ${sessionId}, ${input.userId}, 'assistant', ${input.replyId},
              ${column.modelName}, 'streaming')`;
        }
        return sessionId;
      });
    },

    /**
     * The answers of one playground turn of the member's session (by the turn's reply id, fused rows left out), with
     * the member's question before them; undefined when the session has no such turn (another member's, unknown).
     */
    async turnAnswers(
      userId: string,
      sessionId: string,
      replyId: string,
    ): Promise<
      | { question: string; answers: Array<{ modelName: string; content: string; status: MessageStatus }> }
      | undefined
    > {
      if (!isUuid(replyId)) return undefined;
      const rows = await sql<
        Array<{ model_name: string | null; content: string; status: MessageStatus; seq: string }>
      >`
        select model_name, content, status, seq::text from chat_messages
        where session_id = ${sessionId} and user_id = ${userId} and reply_id = ${replyId}
          and role = 'assistant' and fused_from is null
        order by seq`;
      const first = rows[0];
      if (!first) return undefined;
      const [question] = await sql<Array<{ content: string }>>`
        select content from chat_messages
        where session_id = ${sessionId} and role = 'user' and seq < ${first.seq}::bigint
        order by seq desc limit 1`;
      return {
        question: question?.content ?? '',
        answers: rows.map((row) => ({
          modelName: row.model_name ?? '',
          content: row.content,
          status: row.status,
        })),
      };
    },

    /** Stores the fused answer's row (streaming, empty) in the member's session and touches the session. */
    async openFuse(input: {
      userId: string;
      sessionId: string;
      replyId: string;
      rowId: string;
      modelName: string;
      fusedFrom: string;
    }): Promise<string> {
      return sql.begin(async (tx) => {
        await tx`update chat_sessions set updated_at = now() where id = ${input.sessionId}`;
        await tx`
          insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, status, fused_from)
          values (${input.rowId}, ${input.sessionId}, ${input.userId}, 'assistant', ${input.replyId},
            ${input.modelName}, 'streaming', ${input.fusedFrom})`;
        return input.sessionId;
      });
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
        const rows = await tx<
          Array<{ role: 'user' | 'assistant'; content: string; reasoning: string; status: MessageStatus }>
        >`
          select role, content, reasoning, status from chat_messages
          where session_id = ${input.fromSessionId}
            and (role = 'user' or (model_name = ${input.modelName} and fused_from is null
              and status in ('completed', 'stopped') and content <> ''))
          order by seq`;
        const sessionId = randomUUID();
        await tx`
          insert into chat_sessions (id, user_id, kind, title, model_id)
          values (${sessionId}, ${input.userId}, 'agent', ${from.title}, ${input.agentModelId})`;
        for (const row of rows) {
          const assistant = row.role === 'assistant';
          await tx`
            insert into chat_messages (id, session_id, user_id, role, reply_id, model_name, content, reasoning,
              status)
            values (${randomUUID()}, ${sessionId}, ${input.userId}, ${row.role},
              ${assistant ? randomUUID() : null}, ${assistant ? input.agentModelId : null}, ${row.content},
              ${assistant ? row.reasoning : ''}, ${assistant ? row.status : 'completed'})`;
        }
        return sessionId;
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
          m.citations, m.attachments, m.local, m.credits, m.fused_from, m.created_at, s.kind
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

export type ChatStore = ReturnType<typeof createChatStore>;
