// Shared chats in the chat database (docs/product-rules.md#shared-chats): a snapshot of a member's session behind an
// unguessable token. The member's own calls go by their user id from the verified token (another member's session
// or link answers 404 like an unknown one); the public read goes by the token alone and finds only a live link.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Citation } from '@act/contracts';
import {
  afterCursor,
  decodeCursor,
  deleteOwned,
  findOwned,
  pageOf,
  type Page,
  type Sql,
} from '@act/service-kit';
import { snapshotOf } from '../domain/share-snapshot';
import {
  titleFromMessage,
  type ChatStore,
  type SessionRow,
  type ShownMessageRow,
  type StoredAttachment,
} from './chat-store';

/** A message as the snapshot keeps it: what was shown, never who wrote it. */
export interface SnapshotMessage {
  role: 'user' | 'assistant';
  content: string;
  model: string | null;
  citations: Citation[] | null;
  attachments: StoredAttachment[] | null;
}

export interface ShareRow {
  id: string;
  user_id: string;
  session_id: string;
  token: string;
  title: string;
  created_at: Date;
  expires_at: Date | null;
}

export interface SharedSnapshot {
  title: string;
  created_at: Date;
  messages: SnapshotMessage[];
}

const SHARES = { table: 'chat_shares' };
const SESSIONS = { table: 'chat_sessions' };
/** 192 random bits, 32 base64url characters. */
const TOKEN_BYTES = 24;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `chats`: the chat store, whose branch shown (listMessages) is what a snapshot copies. */
export function createShareStore(sql: Sql, chats: Pick<ChatStore, 'listMessages'>) {
  /**
   * The link's title: the session's, unless it was made from a version of the first message that is not shown (a
   * session is titled from its first message, and an edit does not retitle it): a secret edited out of the first
   * message must not stay in the link's title, so the title is then made from the first message shown.
   */
  async function titleShown(session: SessionRow, shown: readonly ShownMessageRow[]): Promise<string> {
    const first = shown[0];
    if (!first || titleFromMessage(first.content) === session.title) return session.title;
    const hidden = await sql<Array<{ content: string }>>`
      select content from chat_messages
      where session_id = ${session.id} and role = 'user' and parent_id is null and id <> ${first.id}`;
    const madeFromHidden = hidden.some((row) => titleFromMessage(row.content) === session.title);
    return madeFromHidden ? titleFromMessage(first.content) : session.title;
  }

  return {
    /**
     * Copies what the member's session shows now (the branch shown: their messages, and answers that completed or
     * were stopped after some text; no other version) into a new link. Another member's session, or an unknown
     * one, is a 404.
     */
    async create(userId: string, sessionId: string, expiresInDays: number | null): Promise<ShareRow> {
      const session = await findOwned<SessionRow>(sql, SESSIONS, { id: sessionId, userId });
      const shown = await chats.listMessages(userId, session.kind, session.id);
      const messages = snapshotOf(shown);
      const title = await titleShown(session, shown);
      const expiresAt = expiresInDays === null ? null : new Date(Date.now() + expiresInDays * DAY_MS);
      const [row] = await sql<ShareRow[]>`
        insert into chat_shares (id, user_id, session_id, token, title, messages, expires_at)
        values (${randomUUID()}, ${userId}, ${session.id}, ${randomBytes(TOKEN_BYTES).toString('base64url')},
          ${title}, ${sql.json(messages as never)}, ${expiresAt})
        returning id, user_id, session_id, token, title, created_at, expires_at`;
      return row!;
    },

    async list(
      userId: string,
      { cursor, limit }: { cursor?: string; limit: number },
    ): Promise<Page<ShareRow & { created_key: string }>> {
      const position = cursor ? decodeCursor(cursor) : undefined;
      const rows = await sql<Array<ShareRow & { created_key: string }>>`
        select id, user_id, session_id, token, title, created_at, expires_at, created_at::text as created_key
        from chat_shares
        where user_id = ${userId} and ${afterCursor(sql, position, 'created_at', 'id')}
        order by created_at desc, id desc
        limit ${limit + 1}`;
      return pageOf(rows, limit, (row) => ({ timestampKey: row.created_key, id: row.id }));
    },

    /** Deletes the member's link (404 for another member's or an unknown one). */
    async revoke(userId: string, id: string): Promise<void> {
      await deleteOwned(sql, SHARES, { id, userId });
    },

    /** The snapshot behind a live link; undefined for a revoked, expired or unknown token. */
    async findLive(token: string): Promise<SharedSnapshot | undefined> {
      const [row] = await sql<SharedSnapshot[]>`
        select title, created_at, messages from chat_shares
        where token = ${token} and (expires_at is null or expires_at > now())`;
      return row;
    },
  };
}

export type ShareStore = ReturnType<typeof createShareStore>;
