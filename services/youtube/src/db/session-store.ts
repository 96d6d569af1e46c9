// The youtube database: each member's summaries as sessions (docs/product-rules.md#youtube-ask) and the questions
// answered about them, read and written only with the member's id from the verified token. A session that is not the
// member's answers like one that does not exist (404).
import type { SummarySource, VideoChapters, VideoCitation } from '@act/contracts';
import {
  afterCursor,
  decodeCursor,
  deleteOwnedCreation,
  findOwned,
  pageOf,
  type Charge,
  type CreationAnnouncer,
  type CreationOf,
  type Db,
  type Outbox,
  type Page,
  type Sql,
} from '@act/service-kit';
import type { TranscriptSegment } from '../providers/types';

export interface SessionRecord {
  id: string;
  user_id: string;
  video_id: string;
  video_url: string;
  title: string;
  duration: string;
  source: SummarySource;
  summary: string;
  chapters: VideoChapters;
  /** Null when the summary came from the description. */
  transcript: TranscriptSegment[] | null;
  created_at: Date;
}

export type NewSessionRecord = Omit<SessionRecord, 'created_at'>;

export interface QuestionRecord {
  id: string;
  session_id: string;
  question: string;
  answer: string;
  citations: VideoCitation[];
  created_at: Date;
}

export type NewQuestionRecord = Omit<QuestionRecord, 'created_at'>;

const SESSIONS = { table: 'summary_sessions' };

/** The store inside one transaction: a saved summary or answer and its charge commit together. */
export interface SessionTransaction {
  insertSession(record: NewSessionRecord): Promise<SessionRecord>;
  insertQuestion(record: NewQuestionRecord): Promise<QuestionRecord>;
  /** Records the charge's commit in this transaction, through the service's outbox (see Charge.commitIn). */
  commitCharge(charge: Charge, outbox: Outbox): Promise<unknown>;
  /** Announces the saved summary to the library in this transaction (creation.created). */
  announce(creations: CreationAnnouncer, event: CreationOf): Promise<unknown>;
}

/** A past summary as listed: no transcript, summary or chapters. */
export type SessionListRow = Pick<SessionRecord, 'id' | 'video_id' | 'video_url' | 'title' | 'created_at'> & {
  created_key: string;
};

export interface SessionStore {
  /** Runs `fn` in one transaction (postgres.js BEGIN … COMMIT, rolled back when it throws). */
  transaction<T>(fn: (tx: SessionTransaction) => Promise<T>): Promise<T>;
  /** The member's session (404 when it is not theirs). */
  find(userId: string, id: string): Promise<SessionRecord>;
  /** A session's answered questions, oldest first. */
  questions(sessionId: string): Promise<QuestionRecord[]>;
  /** The member's sessions, newest first, one page after `cursor` (a bad cursor is a 400). */
  list(userId: string, cursor: string | undefined, limit: number): Promise<Page<SessionListRow>>;
  /**
   * Deletes the member's session with its questions and announces it (creation.deleted) in one transaction; 404
   * when they have no such session.
   */
  remove(userId: string, id: string, creations: CreationAnnouncer): Promise<void>;
  /** Sessions after `afterId` in id order, at most `limit` (the library backfill). */
  batchById(tx: Db, afterId: string | null, limit: number): Promise<SessionRecord[]>;
}

export function createSessionStore(sql: Sql): SessionStore {
  return {
    transaction: <T>(fn: (tx: SessionTransaction) => Promise<T>) =>
      sql.begin((tx) =>
        fn({
          async insertSession(record) {
            const [row] = await tx<SessionRecord[]>`
              insert into summary_sessions
                (id, user_id, video_id, video_url, title, duration, source, summary, chapters, transcript)
              values (${record.id}, ${record.user_id}, ${record.video_id}, ${record.video_url}, ${record.title},
                ${record.duration}, ${record.source}, ${record.summary}, ${tx.json(record.chapters as never)},
                ${record.transcript ? tx.json(record.transcript as never) : null})
              returning *`;
            if (!row) throw new Error('insert returned no row');
            return row;
          },
          async insertQuestion(record) {
            const [row] = await tx<QuestionRecord[]>`
              insert into summary_questions (id, session_id, question, answer, citations)
              values (${record.id}, ${record.session_id}, ${record.question}, ${record.answer},
                ${tx.json(record.citations as never)})
              returning *`;
            if (!row) throw new Error('insert returned no row');
            return row;
          },
          commitCharge: (charge, outbox) => charge.commitIn(tx, outbox),
          announce: (creations, event) => creations.created(tx, event),
        }),
      ) as Promise<T>,
    find: (userId, id) => findOwned<SessionRecord>(sql, SESSIONS, { id, userId }),
    questions: (sessionId) => sql<QuestionRecord[]>`
      select * from summary_questions where session_id = ${sessionId} order by created_at, id`,
    async list(userId, cursor, limit) {
      const position = cursor ? decodeCursor(cursor) : undefined;
      const rows = await sql<SessionListRow[]>`
        select id, video_id, video_url, title, created_at, created_at::text as created_key
        from summary_sessions
        where user_id = ${userId} and ${afterCursor(sql, position, 'created_at')}
        order by created_at desc, id desc
        limit ${limit + 1}`;
      return pageOf(rows, limit, (row) => ({ timestampKey: row.created_key, id: row.id }));
    },
    // The questions go with it (on delete cascade).
    remove: (userId, id, creations) => deleteOwnedCreation(sql, SESSIONS, { id, userId }, creations),
    batchById: (tx, afterId, limit) => tx<SessionRecord[]>`
      select * from summary_sessions
      where ${afterId ? tx`id > ${afterId}::uuid` : tx`true`}
      order by id
      limit ${limit}`,
  };
}
