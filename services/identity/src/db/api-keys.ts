// Queries on api_keys: a member's personal API keys (docs/architecture.md#personal-api-keys). Every read and change
// names the owner, so another member's key id is as unknown as a made-up one.
import type { Db } from '@act/service-kit';

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  monthly_credit_limit: number | null;
  created_at: Date;
  last_used_at: Date | null;
}

/** A live key found by its secret's hash, with the e-mail its member has now (the key's token carries it). */
export interface ResolvedApiKeyRow extends ApiKeyRow {
  email: string;
}

const COLUMNS = 'id, user_id, name, prefix, monthly_credit_limit, created_at, last_used_at';

/** Locks the member's row until the transaction ends, so two creations at once count each other's keys. */
export async function lockUserForKeys(db: Db, userId: string): Promise<void> {
  await db`select 1 from users where id = ${userId} for update`;
}

export async function countLiveApiKeys(db: Db, userId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from api_keys where user_id = ${userId} and revoked_at is null`;
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: Db,
  key: Omit<ApiKeyRow, 'last_used_at'> & { secret_hash: Buffer },
): Promise<ApiKeyRow> {
  const [row] = await db<ApiKeyRow[]>`
    insert into api_keys (id, user_id, name, prefix, secret_hash, monthly_credit_limit, created_at)
    values (${key.id}, ${key.user_id}, ${key.name}, ${key.prefix}, ${key.secret_hash}, ${key.monthly_credit_limit},
      ${key.created_at})
    returning ${db.unsafe(COLUMNS)}`;
  return row!;
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db<ApiKeyRow[]>`
    select ${db.unsafe(COLUMNS)} from api_keys
    where user_id = ${userId} and revoked_at is null
    order by created_at desc, id`;
}

/** Renames the key and/or sets its limit (undefined: unchanged); undefined when the member has no such live key. */
export async function updateApiKey(
  db: Db,
  userId: string,
  id: string,
  change: { name?: string; monthlyCreditLimit?: number | null },
): Promise<ApiKeyRow | undefined> {
  const [row] = await db<ApiKeyRow[]>`
    update api_keys set
      name = coalesce(${change.name ?? null}, name),
      monthly_credit_limit = case when ${change.monthlyCreditLimit !== undefined} then ${change.monthlyCreditLimit ?? null}::int
        else monthly_credit_limit end
    where id = ${id} and user_id = ${userId} and revoked_at is null
    returning ${db.unsafe(COLUMNS)}`;
  return row;
}

/** True when the member's live key was revoked now. */
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db`
    update api_keys set revoked_at = ${now}
    where id = ${id} and user_id = ${userId} and revoked_at is null
    returning id`;
  return rows.length > 0;
}

/**
 * The live key with this secret hash, and notes its use: last_used_at moves at most once a minute, so a busy key
 * writes a row a minute, not one per call.
 */
export async function resolveApiKey(db: Db, hash: Buffer, now: Date): Promise<ResolvedApiKeyRow | undefined> {
  const [row] = await db<ResolvedApiKeyRow[]>`
    with found as (
      select k.id, u.email from api_keys k join users u on u.id = k.user_id
      where k.secret_hash = ${hash} and k.revoked_at is null
    ), touched as (
      update api_keys set last_used_at = ${now}
      from found
      where api_keys.id = found.id
        and (api_keys.last_used_at is null or api_keys.last_used_at < ${now}::timestamptz - interval '1 minute')
    )
    select k.id, k.user_id, k.name, k.prefix, k.monthly_credit_limit, k.created_at,
      coalesce(k.last_used_at, ${now}) as last_used_at, found.email
    from api_keys k join found on found.id = k.id`;
  return row;
}
