// Deletes the library index rows of a member whose account was deleted (docs/architecture.md#member-deletion). The
// results themselves are deleted by the services that own them, on the same event. Idempotent. Run by the kit's
// member-deletion consumer (main.ts).
import type { Sql } from '@act/service-kit';

export async function deleteLibraryMember(deps: { sql: Sql }, userId: string): Promise<void> {
  await deps.sql`delete from library_items where user_id = ${userId}`;
}
