// HTTP edges of the chat workspace (issue 38, docs/product-rules.md#chat-workspace): a member's projects (create,
// list, rename or change instructions, delete with or without their chats), custom instructions, and what the model
// is told in a session. Members only; another member's project or session answers 404 exactly like an unknown one.
import { CHAT_INSTRUCTIONS_ENDPOINTS, CHAT_PROJECT_ENDPOINTS, type ChatProject } from '@act/contracts';
import { mountEndpoint, type JwtVerifier, type Router } from '@act/service-kit';
import type { ChatStore, ProjectRow } from '../db/chat-store';

export interface ProjectRoutesDeps {
  verifier: JwtVerifier;
  store: ChatStore;
  /** Deletes one of the member's sessions as its own DELETE does (its running reply stopped, its files removed). */
  deleteSession(userId: string, kind: Parameters<ChatStore['deleteSession']>[1], id: string): Promise<void>;
}

function presentProject(row: ProjectRow): ChatProject {
  return {
    id: row.id,
    name: row.name,
    instructions: row.instructions,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function mountProjectRoutes(
  router: Router,
  { verifier, store, deleteSession }: ProjectRoutesDeps,
): void {
  const options = { verifier };
  const P = CHAT_PROJECT_ENDPOINTS;
  const I = CHAT_INSTRUCTIONS_ENDPOINTS;

  mountEndpoint(router, P.create, options, async (input, { caller }) => ({
    project: presentProject(await store.createProject(caller.userId, input)),
  }));

  mountEndpoint(router, P.list, options, async (_input, { caller }) => ({
    projects: (await store.listProjects(caller.userId)).map(presentProject),
  }));

  mountEndpoint(router, P.update, options, async (input, { caller, params }) => ({
    project: presentProject(await store.updateProject(caller.userId, params.id, input)),
  }));

  mountEndpoint(router, P.delete, options, async (input, { caller, params }) => {
    const { userId } = caller;
    // Checked as the member's (404) before anything is deleted; the chats go first when the member asked for it.
    const sessions = input.deleteChats ? await store.sessionsOfProject(userId, params.id) : [];
    for (const session of sessions) await deleteSession(userId, session.kind, session.id);
    await store.deleteProject(userId, params.id);
    return { deletedChats: sessions.length };
  });

  mountEndpoint(router, I.get, options, async (_input, { caller }) => ({
    instructions: await store.instructionsOf(caller.userId),
  }));

  mountEndpoint(router, I.put, options, async (input, { caller }) => ({
    instructions: await store.putInstructions(caller.userId, input),
  }));

  mountEndpoint(router, I.inUse, options, async (input, { caller }) => {
    const { userId } = caller;
    // A session's project (the session must be the member's), else the project a new chat would start in.
    let projectId: string | null = null;
    if (input.sessionId) projectId = (await store.findAnySession(userId, input.sessionId)).project_id;
    else if (input.projectId) projectId = (await store.findProject(userId, input.projectId)).id;
    return { inUse: await store.systemTextsOf(userId, projectId) };
  });
}
