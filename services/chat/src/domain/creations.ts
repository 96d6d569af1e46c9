// The chat service's sessions in the member's library (docs/architecture.md#library-events): a session of the four
// chat screens, or a Deep Search report, is announced once its first answer is stored (in that transaction), and
// again with a revision when it is renamed or a later answer is stored; deleting one (the session list's delete, or
// the library's request) removes it and announces it in one transaction, then stops its replies and drops its files.
import { ERROR_TEXTS, type ToolId } from '@act/contracts';
import { CREATION_TEXT_CHARS } from '@act/contracts/server';
import {
  AppError,
  ErrorCode,
  isUuid,
  type CreationAnnouncer,
  type CreationOf,
  type Db,
  type Logger,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { ChatStore, StoredChatKind } from '../db/chat-store';
import type { ChatStops } from './stops';

const TOOL_OF: Record<StoredChatKind, ToolId> = {
  playground: 'ai-chat-playground',
  agent: 'chat-agent',
  reasoning: 'chat-reasoning',
  web: 'ai-web-chat',
  'deep-search': 'deep-search',
};

interface SessionFields {
  id: string;
  user_id: string;
  kind: StoredChatKind;
  title: string;
  created_at: Date;
}

/** The session as the library lists it: its title and answers (cut to CREATION_TEXT_CHARS); none before an answer. */
function creationOf(session: SessionFields, answers: readonly string[]): CreationOf | undefined {
  if (answers.length === 0) return undefined;
  const tool = TOOL_OF[session.kind];
  return {
    id: session.id,
    userId: session.user_id,
    kind: session.kind === 'deep-search' ? 'report' : 'chat',
    tool,
    title: session.title.slice(0, 300),
    text: [session.title, ...answers].join('\n\n').slice(0, CREATION_TEXT_CHARS),
    openUrl: `/tools/${tool}?open=${session.id}`,
    createdAt: session.created_at.toISOString(),
  };
}

async function answersOf(db: Db, sessionId: string): Promise<string[]> {
  const rows = await db<Array<{ content: string }>>`
    select content from chat_messages
    where session_id = ${sessionId} and role = 'assistant' and status in ('completed', 'stopped') and content <> ''
    order by seq`;
  return rows.map((row) => row.content);
}

/** Announces the session as it now is (after an answer was stored or a rename), inside the caller's transaction. */
export async function announceSession(
  creations: CreationAnnouncer,
  db: Db,
  sessionId: string,
): Promise<void> {
  const [session] = await db<SessionFields[]>`
    select id, user_id, kind, title, created_at from chat_sessions where id = ${sessionId}`;
  if (!session) return;
  const event = creationOf(session, await answersOf(db, sessionId));
  // Each announcement is a new revision: JetStream must not drop it as a repeat of the first.
  if (event) await creations.created(db, event, String(process.hrtime.bigint()));
}

/** The backfill's pages: the sessions with at least one answer, in id order (creation-owner.ts). */
export async function chatBackfillPage(db: Db, after: string | null, limit: number): Promise<CreationOf[]> {
  // Only answered sessions, so a short page means the end (the backfill stops at one).
  const sessions = await db<SessionFields[]>`
    select s.id, s.user_id, s.kind, s.title, s.created_at from chat_sessions s
    where ${after ? db`s.id > ${after}` : db`true`}
      and exists (
        select 1 from chat_messages m
        where m.session_id = s.id and m.role = 'assistant' and m.status in ('completed', 'stopped')
          and m.content <> '')
    order by s.id limit ${limit}`;
  const events: CreationOf[] = [];
  for (const session of sessions) {
    const event = creationOf(session, await answersOf(db, session.id));
    if (event) events.push(event);
  }
  return events;
}

export interface DeleteSessionDeps {
  store: ChatStore;
  stops: ChatStops;
  files: ObjectStore;
  creations: CreationAnnouncer;
  logger: Logger;
}

/**
 * Deletes the member's session of `kind` (404 when they have none): its rows and the deleted event in one
 * transaction; a reply still being written into it stops (charged once if text had arrived); its attachments go.
 */
export async function deleteChatSession(
  deps: DeleteSessionDeps,
  userId: string,
  kind: StoredChatKind,
  id: string,
): Promise<void> {
  const { streaming, files: attached } = await deps.store.deleteSession(userId, kind, id, (tx) =>
    deps.creations.deleted(tx, { id, userId }),
  );
  deps.creations.trigger();
  deps.stops.stopOwnReplies(userId, streaming);
  if (attached.length > 0) {
    await deps.files.delete(attached).catch((error: unknown) => {
      deps.logger.warn({ err: error, keys: attached }, 'could not delete the attachments of a deleted chat');
    });
  }
}

/** The library's delete: the member's session whatever its tool, through the session list's delete. */
export async function deleteAnyChatSession(
  deps: DeleteSessionDeps & { sql: Db },
  userId: string,
  id: string,
): Promise<void> {
  const notFound = new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
  if (!isUuid(id)) throw notFound;
  const [session] = await deps.sql<Array<{ kind: StoredChatKind }>>`
    select kind from chat_sessions where id = ${id} and user_id = ${userId}`;
  if (!session) throw notFound;
  await deleteChatSession(deps, userId, session.kind, id);
}
