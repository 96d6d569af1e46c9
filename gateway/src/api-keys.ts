// Personal API keys at the gateway (docs/architecture.md#personal-api-keys): a call with `Authorization: Bearer act_…`
// is made as the key's member. Identity turns the key into a short access token naming the member and the key; the
// gateway verifies it like any token and sends it on instead of the key, so services see a member (and the key) the
// way they always do and never the secret. What identity said is kept API_KEY_RULES.cacheMs at most, so a revoked
// key stops working on every replica within that, with no message between them; a cut-off of the member's tokens
// (account deleted, password changed) applies at once, as the cached token is verified again on each call.
import { createHash } from 'node:crypto';
import { request } from 'undici';
import { API_KEY_RULES, API_KEY_TOKEN_PATH, ApiKeyTokenReplySchema, ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode, type AuthUser, type JwtVerifier } from '@act/service-kit';
import { isConnectError, type UpstreamPool } from './proxy';

export interface ResolvedApiKey {
  /** The access token identity signed for the key: what the services get in `Authorization`. */
  token: string;
  user: AuthUser;
}

export interface ApiKeyResolver {
  /** The key's member and token; a forged, unknown or revoked key is the one 401 of any bad token. */
  resolve(secret: string): Promise<ResolvedApiKey>;
}

/** Whether the bearer credential is a personal API key rather than an access token. */
export const isApiKey = (credential: string): boolean => credential.startsWith(API_KEY_RULES.secretPrefix);

// Bounded, so a flood of distinct valid keys cannot grow memory; unknown keys are never kept.
const CACHE_MAX = 10_000;

interface Cached {
  resolved: ResolvedApiKey;
  until: number;
}

export function createApiKeyResolver({
  identity,
  verifier,
  cacheMs = API_KEY_RULES.cacheMs,
  timeoutMs = 5_000,
  now = Date.now,
}: {
  identity: UpstreamPool | undefined;
  verifier: JwtVerifier;
  cacheMs?: number;
  timeoutMs?: number;
  now?: () => number;
}): ApiKeyResolver {
  const cache = new Map<string, Cached>();
  // Calls with one key at once ask identity once.
  const pending = new Map<string, Promise<ResolvedApiKey>>();

  const ask = async (secret: string): Promise<ResolvedApiKey> => {
    if (!identity) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
    const token = await tokenFromIdentity(identity, secret, timeoutMs);
    const user = await verifier.verify(token);
    // A token without the key's claim is not a key's: never let it act as a full member.
    if (!user.apiKey) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
    return { token, user };
  };

  return {
    async resolve(secret) {
      const id = createHash('sha256').update(secret).digest('base64url');
      const cached = cache.get(id);
      // The cached token is checked again against the revocation list: a cut-off of the member's tokens (account
      // deleted, password changed) must not let it through for the rest of the cache bound. Then identity is asked
      // again: it refuses a deleted member's key, and gives a live key a token issued after the cut-off.
      if (cached && cached.until > now() && (await stillValid(verifier, cached.resolved.token))) {
        return cached.resolved;
      }
      if (cached) cache.delete(id);
      let asking = pending.get(id);
      if (!asking) {
        asking = ask(secret).finally(() => pending.delete(id));
        pending.set(id, asking);
      }
      const resolved = await asking;
      if (cacheMs > 0 && !cache.has(id)) {
        if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
        cache.set(id, { resolved, until: now() + cacheMs });
      }
      return resolved;
    },
  };
}

async function stillValid(verifier: JwtVerifier, token: string): Promise<boolean> {
  return verifier.verify(token).then(
    () => true,
    () => false,
  );
}

/** Asks identity's replicas in turn (the next one only when a connection is refused). */
async function tokenFromIdentity(identity: UpstreamPool, secret: string, timeoutMs: number): Promise<string> {
  const candidates = identity.order();
  for (const [index, baseUrl] of candidates.entries()) {
    let reply;
    try {
      reply = await request(new URL(API_KEY_TOKEN_PATH, baseUrl), {
        method: 'GET',
        headers: { authorization: `Bearer ${secret}` },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (error) {
      const refused = isConnectError(error);
      if (refused) identity.failed(baseUrl);
      if (refused && index < candidates.length - 1) continue;
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
        cause: error,
      });
    }
    identity.succeeded(baseUrl);
    const body: unknown = await reply.body.json().catch(() => undefined);
    if (reply.statusCode === 401) {
      throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
    }
    const parsed = ApiKeyTokenReplySchema.safeParse(body);
    if (reply.statusCode !== 200 || !parsed.success) {
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
    }
    return parsed.data.token;
  }
  throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable);
}
