// The youtube database: each member's summaries as sessions (docs/product-rules.md#youtube-ask) and the questions
// answered about them, read and written only with the member's id from the verified token. A session that is not the
// member's answers like one that does not exist (404).
import type { SummarySource, VideoChapters, VideoCitation } from '@act/contracts';
import { findOwned, type Charge, type Outbox, type Sql } from '@act/service-kit';
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
  commitCharge(charge: Charge, outbox: Outbox): Promise<void>;
}

export interface SessionStore {
  /** Runs `fn` in one transaction (postgres.js BEGIN … COMMIT, rolled back when it throws). */
  transaction<T>(fn: (tx: SessionTransaction) => Promise<T>): Promise<T>;
  /** The member's session (404 when it is not theirs). */
  find(userId: string, id: string): Promise<SessionRecord>;
  /** A session's answered questions, oldest first. */
  questions(sessionId: string): Promise<QuestionRecord[]>;
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
        }),
      ) as Promise<T>,
    find: (userId, id) => findOwned<SessionRecord>(sql, SESSIONS, { id, userId }),
    questions: (sessionId) => sql<QuestionRecord[]>`
      select * from summary_questions where session_id = ${sessionId} order by created_at, id`,
  };
}
