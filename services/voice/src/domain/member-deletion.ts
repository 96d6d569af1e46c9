// Deletes everything voice holds for a member whose account was deleted (docs/architecture.md#member-deletion): their
// clips and finished jobs, then every audio file under the member's prefix. A job of theirs still queued or running
// would store a clip after the deletion, so the deletion waits for it: it fails, and the kit's consumer retries it
// with back-off until the job has ended. Idempotent. Run by the kit's member-deletion consumer (main.ts).
import type { Sql } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';

export async function deleteVoiceMember(
  deps: { sql: Sql; files: ObjectStore },
  userId: string,
): Promise<void> {
  const [open] = await deps.sql<Array<{ count: number }>>`
    select count(*)::int as count from jobs where owner = ${userId} and status in ('queued', 'running')`;
  if (open && open.count > 0) {
    throw new Error(
      `${open.count} voice job(s) of the deleted member still running; deleting after they end`,
    );
  }
  await deps.sql.begin(async (tx) => {
    await tx`delete from audio_clips where user_id = ${userId}`;
    await tx`delete from jobs where owner = ${userId}`;
  });
  await deps.files.deleteOwner(userId);
}
