// Queries on the users table.
import type { Db } from '@act/service-kit';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  google_subject: string | null;
  /** The owner proved they read this address (a link from it was opened, or Google verified it). */
  email_verified: boolean;
  /** The member's chosen language (a LOCALES id), null until they choose: their e-mails use it. */
  locale: string | null;
  created_at: Date;
}

/** Inserts a user; undefined when the email (or Google subject) is already taken. */
export async function insertUser(
  sql: Db,
  user: {
    id: string;
    email: string;
    passwordHash: string | null;
    googleSubject: string | null;
    emailVerified: boolean;
  },
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    insert into users (id, email, password_hash, google_subject, email_verified)
    values (${user.id}, ${user.email}, ${user.passwordHash}, ${user.googleSubject}, ${user.emailVerified})
    on conflict do nothing
    returning id, email, password_hash, google_subject, email_verified, locale, created_at`;
  return row;
}

/** The live user with this id: a deleted account is no account (its tokens and sessions find nobody). */
export async function findUserById(sql: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select id, email, password_hash, google_subject, email_verified, locale, created_at from users
    where id = ${id} and deleted_at is null`;
  return row;
}

export async function findUserByEmail(sql: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select id, email, password_hash, google_subject, email_verified, locale, created_at from users where email = ${email}`;
  return row;
}

export async function findUserByGoogleSubject(sql: Db, subject: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select id, email, password_hash, google_subject, email_verified, locale, created_at from users where google_subject = ${subject}`;
  return row;
}

/**
 * Links a Google account (whose address Google verified) unless the user is already linked to a different one.
 * Google proving the address settles who owns the account: when the address was never proved before, the
 * password was set by someone who may not read that mailbox, so it is removed in the same statement, and
 * `tookOverUnverified` tells the caller to end that account's sessions too.
 */
export async function linkGoogleSubject(
  sql: Db,
  userId: string,
  subject: string,
): Promise<{ user: UserRow; tookOverUnverified: boolean } | undefined> {
  // The CTE locks the row and keeps its state before the update, which RETURNING alone cannot show.
  const [row] = await sql<(UserRow & { was_verified: boolean })[]>`
    with before as (select id, email_verified from users where id = ${userId} for update)
    update users u set
      google_subject = ${subject},
      password_hash = case when before.email_verified then u.password_hash end,
      email_verified = true,
      updated_at = now()
    from before
    where u.id = before.id and (u.google_subject is null or u.google_subject = ${subject})
    returning u.id, u.email, u.password_hash, u.google_subject, u.email_verified, u.locale, u.created_at,
      before.email_verified as was_verified`;
  if (!row) return undefined;
  const { was_verified: wasVerified, ...user } = row;
  return { user, tookOverUnverified: !wasVerified };
}

/** Records that the owner opened a link sent to the account's address. */
export async function markEmailVerified(sql: Db, userId: string): Promise<void> {
  await sql`update users set email_verified = true, updated_at = now() where id = ${userId} and not email_verified`;
}

export async function updatePasswordHash(sql: Db, userId: string, passwordHash: string): Promise<void> {
  await sql`update users set password_hash = ${passwordHash}, updated_at = now() where id = ${userId}`;
}

/**
 * Moves the account to an address its owner proved by opening the link sent there, so the address is verified.
 * Throws a unique violation (see isUniqueViolation) when another account holds it.
 */
export async function updateEmail(sql: Db, userId: string, email: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set email = ${email}, email_verified = true, updated_at = now() where id = ${userId}
    returning id, email, password_hash, google_subject, email_verified, locale, created_at`;
  return row;
}

/** Saves the member's language (docs/product-rules.md#languages); undefined when the user is gone. */
export async function updateUserLocale(
  sql: Db,
  userId: string,
  locale: string,
): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    update users set locale = ${locale}, updated_at = now() where id = ${userId}
    returning id, email, password_hash, google_subject, email_verified, locale, created_at`;
  return row;
}
