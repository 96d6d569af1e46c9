// Queries on the users table.
import type { Db } from './queryable';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  google_subject: string | null;
  created_at: Date;
}

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

/** Inserts a user; undefined when the email (or Google subject) is already taken. */
export async function insertUser(
  sql: Db,
  user: { id: string; email: string; passwordHash: string | null; googleSubject: string | null },
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    insert into users (id, email, password_hash, google_subject)
    values (${user.id}, ${user.email}, ${user.passwordHash}, ${user.googleSubject})
    on conflict do nothing
    returning id, email, password_hash, google_subject, created_at`;
  return row;
}

export async function findUserById(sql: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select id, email, password_hash, google_subject, created_at from users where id = ${id}`;
  return row;
}

export async function findUserByEmail(sql: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select id, email, password_hash, google_subject, created_at from users where email = ${email}`;
  return row;
}

export async function findUserByGoogleSubject(sql: Db, subject: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select id, email, password_hash, google_subject, created_at from users where google_subject = ${subject}`;
  return row;
}

/** Links a Google account unless the user is already linked to a different one. */
export async function linkGoogleSubject(
  sql: Db,
  userId: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set google_subject = ${subject}, updated_at = now()
    where id = ${userId} and (google_subject is null or google_subject = ${subject})
    returning id, email, password_hash, google_subject, created_at`;
  return row;
}

export async function updatePasswordHash(sql: Db, userId: string, passwordHash: string): Promise<void> {
  await sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`;
}

/** Changes the email; throws a unique violation (see isUniqueViolation) when another account holds it. */
export async function updateEmail(sql: Db, userId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set email = ${email}, updated_at = now() where id = ${userId}
    returning id, email, password_hash, google_subject, created_at`;
  return row;
}
