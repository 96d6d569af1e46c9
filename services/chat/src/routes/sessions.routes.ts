// HTTP edges of each chat tool's sessions (docs/product-rules.md#endpoints): the list (paged, searchable), rename,
// delete (a reply still being written stops, the attachments go) and the messages of the branch shown; flipping a
// message's version; and a playground session continued as a chat agent session. Members only; another member's
// session answers 404 exactly like an unknown one.
import { CHAT_ENDPOINTS } from '@act/contracts';
import {
  mountEndpoint,
  type CreationAnnouncer,
  type JwtVerifier,
  type Logger,
  type Router,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { ChatStore, StoredChatKind } from '../db/chat-store';
import type { CopyLimits } from '../domain/copy-limits';
import { announceSession, deleteChatSession, type DeleteSessionDeps } from '../domain/creations';
import { continueWithModel } from '../domain/fuse';
import type { ChatStops } from '../domain/stops';
import { presentMessage, presentSession } from './presenters';

export interface SessionRoutesDeps {
  verifier: JwtVerifier;
  store: ChatStore;
  stops: ChatStops;
  files: ObjectStore;
  logger: Logger;
  /** A continued comparison is a free copy of the session: bounded per member and per session (LIMITS.chatCopies). */
  copies: CopyLimits;
  /** Announces renamed and deleted sessions to the member's library (domain/creations.ts). */
  creations: CreationAnnouncer;
}

const TOOLS = [
  { kind: 'playground', endpoints: CHAT_ENDPOINTS.playground },
  { kind: 'reasoning', endpoints: CHAT_ENDPOINTS.reasoning },
  { kind: 'agent', endpoints: CHAT_ENDPOINTS.agent },
  { kind: 'web', endpoints: CHAT_ENDPOINTS.web },
  { kind: 'deep-search', endpoints: CHAT_ENDPOINTS.deepSearch },
] as const;

/**
 * Deletes one of the member's sessions (404 otherwise), as its own Delete does (domain/creations.ts): also used when a
 * project is deleted with its chats (projects.routes.ts).
 */
export function sessionDeleter(deps: DeleteSessionDeps) {
  return (userId: string, kind: StoredChatKind, id: string): Promise<void> =>
    deleteChatSession(deps, userId, kind, id);
}

export function mountSessionRoutes(router: Router, deps: SessionRoutesDeps): void {
  const { verifier, store, files, copies, creations } = deps;
  const options = { verifier };

  for (const { kind, endpoints } of TOOLS) {
    const chatKind: StoredChatKind = kind;
    mountEndpoint(router, endpoints.sessions, options, async (input, { caller }) => {
      // Issue 38: one project's chats; another member's project is a 404 like an unknown one.
      if (input.projectId) await store.findProject(caller.userId, input.projectId);
      const page = await store.listSessions(caller.userId, chatKind, {
        cursor: input.cursor || undefined,
        limit: input.limit,
        q: input.q || undefined,
        projectId: input.projectId,
      });
      return { sessions: page.items.map(presentSession), nextCursor: page.nextCursor };
    });

    mountEndpoint(router, endpoints.renameSession, options, async (input, { caller, params }) => {
      // Issue 38: moved into one of the member's projects (another member's: 404, nothing changed) or pinned.
      if (input.projectId) await store.findProject(caller.userId, input.projectId);
      const row = await store.renameSession(caller.userId, chatKind, params.id, input, (tx) =>
        announceSession(creations, tx, params.id),
      );
      creations.trigger();
      return { session: presentSession(row) };
    });

    mountEndpoint(
      router,
      endpoints.deleteSession,
      options,
      async (_input, { caller: { userId }, params }) => {
        await deleteChatSession(deps, userId, chatKind, params.id);
        return {};
      },
    );

    mountEndpoint(router, endpoints.messages, options, async (input, { caller }) => {
      const rows = await store.listMessages(caller.userId, chatKind, input.sessionId);
      return { messages: rows.map((row) => presentMessage(row, files)) };
    });
  }

  // Issue 25: the comparison goes on as a chat agent session with one of its models (free, so bounded: issue 45).
  mountEndpoint(
    router,
    CHAT_ENDPOINTS.playground.continueWith,
    options,
    async (input, { caller, params }) => {
      const created = await copies.copy(caller.userId, params.id, 'continue', () =>
        continueWithModel(store, caller.userId, params.id, input.model),
      );
      return { sessionId: created.sessionId, tool: 'chat-agent' as const, modelId: created.modelId };
    },
  );

  // Flipping versions (‹ 2/3 ›): the version shown is kept in the rows, so the branch shown survives a reload.
  mountEndpoint(router, CHAT_ENDPOINTS.showVersion, options, async (input, { caller }) => {
    await store.showMessage(caller.userId, input.messageId);
    return {};
  });
}
