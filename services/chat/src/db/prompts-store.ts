// The chat_prompts table (docs/product-rules.md#prompt-library): each member's saved prompts, read and written only
// with the member's id from the verified token. Another member's prompt answers 404 like an unknown one; the number
// a member keeps is checked under a lock on their rows, so two saves at once cannot pass it together.
import { randomUUID } from 'node:crypto';
import { CHAT_PROMPT_ERRORS, CHAT_PROMPT_LIMITS, ErrorCode } from '@act/contracts';
import { AppError, deleteOwned, findOwned, type Sql } from '@act/service-kit';

export interface PromptRow {
  id: string;
  user_id: string;
  title: string;
  body: string;
  created_at: Date;
  updated_at: Date;
}

const PROMPTS = { table: 'chat_prompts' };

export function createPromptsStore(sql: Sql) {
  return {
    /** The member's prompts by title, A to Z. */
    list(userId: string): Promise<PromptRow[]> {
      return sql<PromptRow[]>`
        select * from chat_prompts where user_id = ${userId} order by lower(title), created_at, id`;
    },

    create(userId: string, input: { title: string; body: string }): Promise<PromptRow> {
      return sql.begin(async (tx) => {
        // One member's saves queue here (a transaction-scoped advisory lock on their id), so the count is exact.
        await tx`select pg_advisory_xact_lock(hashtextextended(${`chat_prompts:${userId}`}, 0))`;
        const [{ count }] = await tx<[{ count: number }]>`
          select count(*)::int as count from chat_prompts where user_id = ${userId}`;
        if (count >= CHAT_PROMPT_LIMITS.promptsPerMember) {
          throw new AppError(ErrorCode.VALIDATION_FAILED, CHAT_PROMPT_ERRORS.tooManyPrompts);
        }
        const [row] = await tx<PromptRow[]>`
          insert into chat_prompts (id, user_id, title, body)
          values (${randomUUID()}, ${userId}, ${input.title}, ${input.body}) returning *`;
        return row!;
      }) as Promise<PromptRow>;
    },

    /** 404 when the prompt is unknown, malformed or another member's; nothing changes then. */
    async update(userId: string, id: string, input: { title?: string; body?: string }): Promise<PromptRow> {
      const row = await findOwned<PromptRow>(sql, PROMPTS, { id, userId });
      const [updated] = await sql<PromptRow[]>`
        update chat_prompts set title = ${input.title ?? row.title}, body = ${input.body ?? row.body},
          updated_at = now()
        where id = ${id} and user_id = ${userId} returning *`;
      return updated ?? row;
    },

    async delete(userId: string, id: string): Promise<void> {
      await deleteOwned(sql, PROMPTS, { id, userId });
    },
  };
}

export type PromptsStore = ReturnType<typeof createPromptsStore>;
