// Reads and deletes of a member's own rows (chat sessions, gallery images, stored files). A row that belongs to
// someone else answers exactly like a row that does not exist (404, never 403), so nobody can probe which ids exist;
// an id that is not a UUID is one more unknown id (404), never a PostgreSQL cast error (500).
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import type postgres from 'postgres';
import { isUuid } from './cursor';
import { AppError } from './errors';

/** A table whose rows each belong to one member. */
export interface OwnedTable {
  table: string;
  /** Column holding the owner's user id; `user_id` unless named. */
  ownerColumn?: string;
  /** Primary key column (a UUID); `id` unless named. */
  idColumn?: string;
}

/** Which row, and who is asking for it (the user id from the verified token, never from the request). */
export interface OwnedKey {
  id: string;
  userId: string;
}

function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
}

function whereOwned(db: postgres.ISql, owned: OwnedTable, key: OwnedKey) {
  return db`${db(owned.idColumn ?? 'id')} = ${key.id} and ${db(owned.ownerColumn ?? 'user_id')} = ${key.userId}`;
}

/** The row when it exists and belongs to `key.userId`; otherwise a 404 AppError. */
export async function findOwned<Row extends object>(
  db: postgres.ISql,
  owned: OwnedTable,
  key: OwnedKey,
): Promise<Row> {
  if (!isUuid(key.id)) throw notFound();
  const [row] = await db<Row[]>`select * from ${db(owned.table)} where ${whereOwned(db, owned, key)}`;
  if (!row) throw notFound();
  return row;
}

/**
 * Deletes the row when it exists and belongs to `key.userId`, and returns it (so the caller can remove what it
 * points to, such as a stored file); otherwise a 404 AppError and nothing is deleted.
 */
export async function deleteOwned<Row extends object>(
  db: postgres.ISql,
  owned: OwnedTable,
  key: OwnedKey,
): Promise<Row> {
  if (!isUuid(key.id)) throw notFound();
  const [row] = await db<
    Row[]
  >`delete from ${db(owned.table)} where ${whereOwned(db, owned, key)} returning *`;
  if (!row) throw notFound();
  return row;
}
