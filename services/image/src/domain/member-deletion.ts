// Deletes everything image holds for a member whose account was deleted (docs/architecture.md#member-deletion): boards
// (their items go with them), generated and edited images, in one transaction; then every stored file under the
// member's prefix (results, thumbnails, inputs). Idempotent. Run by the kit's member-deletion consumer (main.ts).
import type { Sql } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';

export async function deleteImageMember(
  deps: { sql: Sql; files: ObjectStore },
  userId: string,
): Promise<void> {
  await deps.sql.begin(async (tx) => {
    await tx`delete from image_boards where user_id = ${userId}`;
    await tx`delete from generated_images where user_id = ${userId}`;
    await tx`delete from text_to_images where user_id = ${userId}`;
  });
  // After the rows: a failure here retries the whole deletion, which finds no rows and tries the files again.
  await deps.files.deleteOwner(userId);
}
