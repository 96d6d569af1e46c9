// Queries behind access-token revocations: a user's "not before" instant, and the list of revocations still in
// force (revoked session families and user cutoffs younger than a given instant), paged in a stable order.
import type { Db } from '@act/service-kit';

/** Every access token of the user issued before `at` is revoked. A later cutoff never moves back. */
export async function setTokensNotBefore(sql: Db, userId: string, at: Date): Promise<void> {
  await sql`
    update users set tokens_not_before = greatest(coalesce(tokens_not_before, ${at}), ${at})
    where id = ${userId}`;
}

export interface RevocationRow {
  kind: 'session' | 'user';
  /** The family id (kind session) or the user id (kind user). */
  id: string;
  /** When the family was revoked, or the user's cutoff (milliseconds: what the list and its cursor carry). */
  at: Date;
}

export interface RevocationCursor {
  at: Date;
  kind: string;
  id: string;
}

/** Revocations at or after `since`, in (at, kind, id) order, after the cursor when one is given. */
export async function listRevocations(
  sql: Db,
  options: { since: Date; after?: RevocationCursor; limit: number },
): Promise<RevocationRow[]> {
  const after = options.after;
  return sql<RevocationRow[]>`
    select kind, id, at from (
      select 'session' as kind, id::text as id, date_trunc('milliseconds', revoked_at) as at
      from session_families where revoked_at >= ${options.since}
      union all
      select 'user' as kind, id::text as id, date_trunc('milliseconds', tokens_not_before) as at
      from users where tokens_not_before >= ${options.since}
    ) r
    where ${after ? sql`(r.at, r.kind, r.id) > (${after.at}::timestamptz, ${after.kind}, ${after.id})` : sql`true`}
    order by r.at, r.kind, r.id
    limit ${options.limit}`;
}
