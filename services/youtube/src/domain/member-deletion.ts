// Deletes the video summaries (and their follow-up questions, on delete cascade) of a member whose account was
// deleted (docs/architecture.md#member-deletion). Idempotent. Run by the kit's member-deletion consumer (main.ts).
import type { Sql } from '@act/service-kit';

export async function deleteYoutubeMember(deps: { sql: Sql }, userId: string): Promise<void> {
  await deps.sql`delete from summary_sessions where user_id = ${userId}`;
}
