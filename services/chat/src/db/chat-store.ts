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
import { messageTree, type TreeRow, type Versions } from '../domain/branches';

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
  /** The member's message this one follows (a question) or answers (an answer); null for a session's first. */
  parent_id: string | null;
}

/** A message as the tree reads it: when it was last shown (or written). */
type TreeMessageRow = MessageRow & Pick<TreeRow, 'shown_key'>;

/** A message of the branch shown, with where it stands among its versions. */
export type ShownMessageRow = MessageRow & { versions: Versions };

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
  /** The member's message the new one follows (null: the session's first; docs/architecture.md#chat-replies). */
  parentId?: string | null;
  /** Regenerate: the member's message answered again; no new member's message is stored. */
  answerOf?: string;
}

/** A member's message an edit, a regenerate or a continuation names, as stored. */
export interface QuestionRow {
  id: string;
  parent_id: string | null;
  content: string;
  attachments: StoredAttachment[] | null;
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

  /** Every message of the session in written order, as the tree reads them (inside a transaction: on its `tx`). */
  function treeRows(sessionId: string, db: Db = sql): Promise<TreeMessageRow[]> {
    return db<TreeMessageRow[]>`
      select id, session_id, role, reply_id, model_name, content, reasoning, status, error, citations,
        attachments, local, credits, fused_from, created_at, parent_id, coalesce(shown_at, created_at) as shown_key
      from chat_messages where session_id = ${sessionId} order by seq`;
  }

  // A fused playground answer hangs off the question of the turn it merged, but is no version of any column's answer:
  // the tree (versions, what each model reads) leaves it out, and the branch shown lists it after that turn's answers.
  const ONE_VERSION: Versions = { index: 1, count: 1, previous: null, next: null };
  const withoutFused = (rows: readonly TreeMessageRow[]) => rows.filter((row) => row.fused_from === null);
  const fusedAnswers = (rows: readonly TreeMessageRow[], questionId: string) =>
    rows.filter((row) => row.fused_from !== null && row.parent_id === questionId);

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

    /**
     * The branch shown of the session, first message to last: each member's message, then the answers shown for it
     * (one per playground column), each with where it stands among its versions.
     */
    async listMessages(userId: string, kind: StoredChatKind, sessionId: string): Promise<ShownMessageRow[]> {
      await findSession(userId, kind, sessionId);
      const rows = await treeRows(sessionId);
      const tree = messageTree(withoutFused(rows), kind === 'playground');
      return tree.shownPath().flatMap((question) =>
        [question, ...tree.shownAnswers(question.id), ...fusedAnswers(rows, question.id)].map((row) => {
          const { shown_key: _shown, ...message } = row;
          // A fused answer has no versions (findIndex -1 would read as "0 of the column's answers").
          return { ...message, versions: row.fused_from === null ? tree.versions(row) : ONE_VERSION };
        }),
      );
    },

    /**
     * The conversation a new message follows, oldest first, as the model of one column saw it: the member's messages
     * from the session's first down to `upTo` (the new message's parent; the branch shown's last when undefined),
     * each with the answer shown for it: that model's (playground) or the one answer. Never a sibling branch. Empty,
     * failed and unfinished answers are left out.
     */
    async history(
      sessionId: string,
      { modelName, limit, upTo }: { modelName?: string; limit: number; upTo?: string | null },
    ): Promise<
      Array<{ role: 'user' | 'assistant'; content: string; attachments: StoredAttachment[] | null }>
    > {
      const tree = messageTree(withoutFused(await treeRows(sessionId)), modelName !== undefined);
      const path = upTo === undefined ? tree.shownPath() : tree.pathTo(upTo);
      const rows = path.flatMap((question) => {
        const answer = tree
          .shownAnswers(question.id)
          .find((row) => modelName === undefined || row.model_name === modelName);
        const answered =
          answer && (answer.status === 'completed' || answer.status === 'stopped') && answer.content !== '';
        return answered ? [question, answer] : [question];
      });
      return rows
        .slice(-limit)
        .map((row) => ({ role: row.role, content: row.content, attachments: row.attachments }));
    },

    /** The last member's message of the branch shown (what a new message follows), or null for an empty session. */
    async shownLeaf(sessionId: string, kind: StoredChatKind): Promise<string | null> {
      const tree = messageTree(withoutFused(await treeRows(sessionId)), kind === 'playground');
      return tree.shownPath().at(-1)?.id ?? null;
    },

    /**
     * A member's message of this session of this member (what an edit, a regenerate or a continuation names), or a
     * 404 exactly like an unknown one: another member's id, an answer's, another session's, a malformed one.
     */
    async findQuestion(userId: string, sessionId: string, messageId: string): Promise<QuestionRow> {
      if (!isUuid(messageId)) throw notFound();
      const [row] = await sql<QuestionRow[]>`
        select id, parent_id, content, attachments from chat_messages
        where id = ${messageId} and session_id = ${sessionId} and user_id = ${userId} and role = 'user'`;
      if (!row) throw notFound();
      return row;
    },

    /**
     * Shows this version of a message (a member's message or an answer) in place of its siblings: the branch shown
     * is kept in the rows, so it survives a reload. Another member's message answers 404 like an unknown one.
     */
    async showMessage(userId: string, messageId: string): Promise<void> {
      if (!isUuid(messageId)) throw notFound();
      const rows = await sql`
        update chat_messages set shown_at = clock_timestamp()
        where id = ${messageId} and user_id = ${userId} and status <> 'streaming'
        returning id`;
      if (rows.length === 0) throw notFound();
    },

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
      const [answered] = await sql<Array<{ parent_id: string | null }>>`
        select parent_id from chat_messages
        where session_id = ${sessionId} and user_id = ${userId} and reply_id = ${replyId}
          and role = 'assistant' and fused_from is null
        limit 1`;
      if (!answered?.parent_id) return undefined;
      // The answers the member sees for that question: one per column, the version shown (a column regenerated
      // alone has its own reply id, so the turn is read through its question, not its reply id).
      const tree = messageTree(withoutFused(await treeRows(sessionId)), true);
      const question = tree.pathTo(answered.parent_id).at(-1);
      if (!question) return undefined;
      return {
        question: question.content,
        answers: tree.shownAnswers(question.id).map((row) => ({
          modelName: row.model_name ?? '',
          content: row.content,
          status: row.status,
        })),
      };
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
        const tree = messageTree(withoutFused(await treeRows(input.fromSessionId, tx)), true);
        const rows = tree.shownPath().flatMap((question) => {
          const answer = tree.shownAnswers(question.id).find((row) => row.model_name === input.modelName);
          const kept =
            answer && (answer.status === 'completed' || answer.status === 'stopped') && answer.content !== '';
          return kept ? [question, answer] : [question];
        });
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

export type ChatStore = ReturnType<typeof createChatStore>;
