// Personal API keys (docs/architecture.md#personal-api-keys): creating, listing, changing and revoking a member's
// keys, and turning a key's secret into a short access token for the gateway. The secret is `act_` + 256 random
// bits (base64url) and only its SHA-256 is stored; the token names the member and the key (`api_key` claim), so every
// service sees who called and credits can name the key and hold it to its limit.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { API_KEY_RULES, API_KEY_TEXTS, type ApiKey } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';
import type { ApiKeyRow } from '../db/api-keys';
import type { IdentityStore } from '../db/identity-store';
import { digest, randomSecret } from './secrets';
import type { SessionSettings } from './sessions';
import type { KeyStore } from './signing-keys';

/**
 * How long a key's token lives. The gateway asks again after API_KEY_RULES.cacheMs, so revocation never waits for
 * this; it only bounds a token's use should one be copied from inside the system.
 */
export const API_KEY_TOKEN_TTL_SECONDS = 60;

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    monthlyCreditLimit: row.monthly_credit_limit,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

const notFound = () => new AppError(ErrorCode.NOT_FOUND, API_KEY_TEXTS.notFound);

export async function createApiKey(
  store: IdentityStore,
  userId: string,
  input: { name: string; monthlyCreditLimit?: number | null | undefined },
): Promise<{ key: ApiKey; secret: string }> {
  const secret = `${API_KEY_RULES.secretPrefix}${randomSecret()}`;
  const row = await store.transaction(async (tx) => {
    await tx.lockUserForKeys(userId);
    if ((await tx.countLiveApiKeys(userId)) >= API_KEY_RULES.maxPerMember) {
      throw new AppError(ErrorCode.CONFLICT, API_KEY_TEXTS.tooMany);
    }
    return tx.insertApiKey({
      id: randomUUID(),
      user_id: userId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_RULES.secretPrefix.length + API_KEY_RULES.prefixShown),
      secret_hash: digest(secret),
      monthly_credit_limit: input.monthlyCreditLimit ?? null,
      created_at: new Date(),
    });
  });
  return { key: presentApiKey(row), secret };
}

export async function listApiKeys(store: IdentityStore, userId: string): Promise<ApiKey[]> {
  return (await store.listApiKeys(userId)).map(presentApiKey);
}

export async function updateApiKey(
  store: IdentityStore,
  userId: string,
  id: string,
  change: { name?: string | undefined; monthlyCreditLimit?: number | null | undefined },
): Promise<ApiKey> {
  const row = await store.updateApiKey(userId, id, {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.monthlyCreditLimit !== undefined ? { monthlyCreditLimit: change.monthlyCreditLimit } : {}),
  });
  if (!row) throw notFound();
  return presentApiKey(row);
}

export async function revokeApiKey(store: IdentityStore, userId: string, id: string): Promise<void> {
  if (!(await store.revokeApiKey(userId, id, new Date()))) throw notFound();
}

/**
 * The access token for a live key's secret, or undefined for any secret that is not one (forged, unknown, revoked:
 * the caller answers all of them alike).
 */
export async function tokenForApiKey(
  deps: { store: IdentityStore; keys: KeyStore; settings: SessionSettings },
  secret: string,
): Promise<{ token: string; expiresAt: number } | undefined> {
  if (!secret.startsWith(API_KEY_RULES.secretPrefix) || secret.length > 200) return undefined;
  const row = await deps.store.resolveApiKey(digest(secret), new Date());
  if (!row) return undefined;
  const issuedAtMs = Date.now();
  const expiresAt = Math.floor(issuedAtMs / 1000) + API_KEY_TOKEN_TTL_SECONDS;
  const signing = deps.keys.signingKey();
  const apiKey = { id: row.id, name: row.name, monthlyCreditLimit: row.monthly_credit_limit };
  const token = await new SignJWT({ email: row.email, api_key: apiKey })
    .setProtectedHeader({ alg: signing.alg, kid: signing.kid, typ: 'JWT' })
    .setSubject(row.user_id)
    .setIssuer(deps.settings.issuer)
    .setAudience(deps.settings.audience)
    .setIssuedAt(issuedAtMs / 1000)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(signing.privateKey);
  return { token, expiresAt };
}
