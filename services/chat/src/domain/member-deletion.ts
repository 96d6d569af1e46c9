// Deletes everything chat holds for a member whose account was deleted (docs/architecture.md#member-deletion):
// sessions with their messages, copies and share links (a shared link answers 404 from then on), projects, saved
// prompts and instructions, in one transaction; then every attachment under the member's prefix in the object
// store. Idempotent: a second run finds nothing. Run by the kit's member-deletion consumer (main.ts).
import type { Sql } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';

export async function deleteChatMember(
  deps: { sql: Sql; files: ObjectStore },
  userId: string,
): Promise<void> {
  await deps.sql.begin(async (tx) => {
    // Shares and copies go with their sessions (on delete cascade); named here so no share outlives its member.
    await tx`delete from chat_shares where user_id = ${userId}`;
    await tx`delete from chat_sessions where user_id = ${userId}`;
    await tx`delete from chat_instructions where user_id = ${userId}`;
    await tx`delete from chat_projects where user_id = ${userId}`;
    await tx`delete from chat_prompts where user_id = ${userId}`;
  });
  // After the rows: a failure here retries the whole deletion, which finds no rows and tries the files again.
  await deps.files.deleteOwner(userId);
}
