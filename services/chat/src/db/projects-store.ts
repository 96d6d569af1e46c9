// A member's chat workspace (issue 38, docs/product-rules.md#chat-workspace): projects (folders of chats with
// instructions) and the member's custom instructions. Another member's project answers exactly like an unknown one
// (findOwned: 404), so no request can name, fill, list or read someone else's project.
import { randomUUID } from 'node:crypto';
import { CHAT_WORKSPACE_LIMITS, ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError, findOwned, type Sql } from '@act/service-kit';
import type { StoredChatKind } from './chat-rows';

const PROJECTS = { table: 'chat_projects' };

export interface ProjectRow {
  id: string;
  user_id: string;
  name: string;
  instructions: string;
  created_at: Date;
  updated_at: Date;
}

export interface InstructionsRow {
  text: string;
  enabled: boolean;
}

/** A system text the model reads before the history, and where it came from. */
export interface SystemText {
  source: 'project' | 'member';
  text: string;
}

export function createProjectsStore(sql: Sql) {
  /** The member's project, or a 404 (another member's, unknown, malformed). */
  function findProject(userId: string, id: string): Promise<ProjectRow> {
    return findOwned<ProjectRow>(sql, PROJECTS, { id, userId });
  }

  async function instructionsOf(userId: string): Promise<InstructionsRow> {
    const [row] = await sql<InstructionsRow[]>`
      select text, enabled from chat_instructions where user_id = ${userId}`;
    return row ?? { text: '', enabled: false };
  }

  return {
    findProject,
    instructionsOf,

    async createProject(userId: string, input: { name: string; instructions: string }): Promise<ProjectRow> {
      return sql.begin(async (tx) => {
        // Counted under the member's advisory lock, so two creations at once cannot pass the cap together.
        await tx`select pg_advisory_xact_lock(hashtext(${`chat_projects:${userId}`}))`;
        const [count] = await tx<Array<{ n: number }>>`
          select count(*)::int as n from chat_projects where user_id = ${userId}`;
        if ((count?.n ?? 0) >= CHAT_WORKSPACE_LIMITS.projects) {
          throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.chatWorkspace.tooManyProjects);
        }
        const [row] = await tx<ProjectRow[]>`
          insert into chat_projects (id, user_id, name, instructions)
          values (${randomUUID()}, ${userId}, ${input.name}, ${input.instructions})
          returning *`;
        return row!;
      });
    },

    listProjects(userId: string): Promise<ProjectRow[]> {
      return sql<ProjectRow[]>`
        select * from chat_projects where user_id = ${userId}
        order by lower(name), created_at, id
        limit ${CHAT_WORKSPACE_LIMITS.projects}`;
    },

    async updateProject(
      userId: string,
      id: string,
      input: { name?: string; instructions?: string },
    ): Promise<ProjectRow> {
      const project = await findProject(userId, id);
      const [row] = await sql<ProjectRow[]>`
        update chat_projects
        set name = ${input.name ?? project.name},
          instructions = ${input.instructions ?? project.instructions},
          updated_at = now()
        where id = ${id} and user_id = ${userId}
        returning *`;
      if (!row) return findProject(userId, id);
      return row;
    },

    /** The project's chats (every chat screen's), to delete them one by one with their replies and files. */
    async sessionsOfProject(
      userId: string,
      id: string,
    ): Promise<Array<{ id: string; kind: StoredChatKind }>> {
      await findProject(userId, id);
      return sql<Array<{ id: string; kind: StoredChatKind }>>`
        select id, kind from chat_sessions where user_id = ${userId} and project_id = ${id}`;
    },

    /** Deletes the project; its chats that are left stay, outside any project (on delete set null). */
    async deleteProject(userId: string, id: string): Promise<void> {
      await findProject(userId, id);
      await sql`delete from chat_projects where id = ${id} and user_id = ${userId}`;
    },

    /**
     * The project a reply's instructions come from: its session's (checked as the member's by the reply's start), or
     * for a new session the project it names (the member's, or a 404 before anything is reserved).
     */
    async projectOfReply(
      userId: string,
      request: { sessionId?: string; projectId?: string },
    ): Promise<string | null> {
      if (request.sessionId !== undefined) {
        const [row] = await sql<Array<{ project_id: string | null }>>`
          select project_id from chat_sessions where id = ${request.sessionId} and user_id = ${userId}`;
        return row?.project_id ?? null;
      }
      if (!request.projectId) return null;
      return (await findProject(userId, request.projectId)).id;
    },

    async putInstructions(userId: string, input: InstructionsRow): Promise<InstructionsRow> {
      const [row] = await sql<InstructionsRow[]>`
        insert into chat_instructions (user_id, text, enabled) values (${userId}, ${input.text}, ${input.enabled})
        on conflict (user_id) do update set text = excluded.text, enabled = excluded.enabled, updated_at = now()
        returning text, enabled`;
      return row!;
    },

    /**
     * What the model is told before the history (docs/product-rules.md#chat-workspace): the project's instructions,
     * then the member's when enabled; empty texts are left out. `projectId` has been checked as the member's (or is
     * the stored project of the member's session).
     */
    async systemTextsOf(userId: string, projectId: string | null | undefined): Promise<SystemText[]> {
      const texts: SystemText[] = [];
      if (projectId) {
        const [project] = await sql<Array<{ instructions: string }>>`
          select instructions from chat_projects where id = ${projectId} and user_id = ${userId}`;
        if (project && project.instructions.trim() !== '')
          texts.push({ source: 'project', text: project.instructions });
      }
      const own = await instructionsOf(userId);
      if (own.enabled && own.text.trim() !== '') texts.push({ source: 'member', text: own.text });
      return texts;
    },
  };
}

export type ProjectsStore = ReturnType<typeof createProjectsStore>;
