// Deletes the stored prompt results of a member whose account was deleted (docs/architecture.md#member-deletion).
// Idempotent. Run by the kit's member-deletion consumer (main.ts).
import type { Sql } from '@act/service-kit';

export async function deletePromptMember(deps: { sql: Sql }, userId: string): Promise<void> {
  await deps.sql`delete from prompt_results where user_id = ${userId}`;
}
