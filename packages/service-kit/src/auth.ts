// JWT verification for services (defence in depth behind the gateway) and the client IP the gateway vouches for.
import type { Context, Middleware } from 'koa';
import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import { ApiKeyChargeSchema, ERROR_TEXTS, type ApiKeyCharge } from '@act/contracts';
import { AppError, ErrorCode } from './errors';
import type { RevocationList } from './revocations';

export interface AuthUser {
  userId: string;
  email: string;
  /** The token's `roles` claim (identity's user_roles, docs/security.md#support-role); absent: none. */
  roles?: readonly string[];
  /**
   * Set when the call came with a personal API key (the `api_key` claim of the token identity signs for a key,
   * docs/architecture.md#personal-api-keys): such a caller reaches only what `apiKeyMayCall` allows, and its charges
   * carry the key to credits.
   */
  apiKey?: ApiKeyCharge;
}

export interface JwtVerifier {
  verify(token: string): Promise<AuthUser>;
}

export interface JwtVerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** Lets tests or the gateway supply keys directly; defaults to the remote JWKS (cached by jose). */
  keys?: JWTVerifyGetKey;
  /**
   * Revoked sessions and users (kept by a revocation watcher): a token they cover is refused like any invalid one,
   * also when it was verified (and cached) before the revocation arrived.
   */
  revocations?: RevocationList;
}

// Only asymmetric algorithms: `none` and HS* (which would let a public key act as an HMAC secret) are refused.
const ACCEPTED_JWT_ALGORITHMS = ['EdDSA', 'ES256'];

// Verified tokens are remembered until they expire: a member's page makes many calls with one token, and a
// signature check costs far more than a map lookup. Bounded so a flood of distinct tokens cannot grow memory.
const VERIFIED_CACHE_MAX = 10_000;

interface VerifiedToken {
  user: AuthUser;
  expiresAtMs: number;
  sessionId?: string;
  issuedAtMs: number;
}

export function createJwtVerifier({
  jwksUrl,
  issuer,
  audience,
  keys,
  revocations,
}: JwtVerifierOptions): JwtVerifier {
  // jose caches the key set, refetches on an unknown kid, and rate-limits refetches (cooldown) against kid floods.
  const keySet =
    keys ?? createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 600_000 });
  const verified = new Map<string, VerifiedToken>();
  const unlessRevoked = (token: string, entry: VerifiedToken): AuthUser => {
    if (revocations?.isRevoked({ userId: entry.user.userId, ...entry })) {
      verified.delete(token);
      throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
    }
    return entry.user;
  };
  return {
    async verify(token) {
      const cached = verified.get(token);
      if (cached && cached.expiresAtMs > Date.now()) return unlessRevoked(token, cached);
      if (cached) verified.delete(token);
      let entry: VerifiedToken;
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer,
          audience,
          algorithms: ACCEPTED_JWT_ALGORITHMS,
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
          throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
        }
        entry = {
          user: {
            userId: payload.sub,
            email: payload.email,
            ...rolesClaim(payload.roles),
            ...apiKeyClaim(payload.api_key),
          },
          expiresAtMs: payload.exp! * 1000,
          // Identity signs `iat` with milliseconds, so a password change can fall between two tokens of one second.
          issuedAtMs: typeof payload.iat === 'number' ? Math.round(payload.iat * 1000) : 0,
          ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JOSEError) {
          throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed, {
            cause: error,
          });
        }
        // JWKS unreachable or similar: not the caller's fault.
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.generic.unexpected, { cause: error });
      }
      if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, entry);
      return unlessRevoked(token, entry);
    },
  };
}

/** The `roles` claim's strings, when it holds any; anything else (missing, malformed) grants no role. */
function rolesClaim(claim: unknown): { roles?: readonly string[] } {
  const roles = Array.isArray(claim) ? claim.filter((role): role is string => typeof role === 'string') : [];
  return roles.length > 0 ? { roles } : {};
}

/** The `api_key` claim of a key's token; a malformed one is no token at all (never a key-less member). */
function apiKeyClaim(claim: unknown): { apiKey?: ApiKeyCharge } {
  if (claim === undefined) return {};
  const parsed = ApiKeyChargeSchema.safeParse(claim);
  if (!parsed.success) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
  return { apiKey: parsed.data };
}

/** Whether the verified caller holds the role (the signed `roles` claim; nothing else can grant one). */
export function hasRole(user: AuthUser | undefined, role: string): boolean {
  return user?.roles?.includes(role) ?? false;
}

/**
 * Requires a valid access token whose `roles` claim holds `role`: no token 401, a member without the role 403.
 */
export function requireRole(verifier: JwtVerifier, role: string): Middleware {
  const member = requireUser(verifier);
  return (ctx, next) =>
    member(ctx, async () => {
      if (!hasRole(userOf(ctx), role)) throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.forbidden);
      await next();
    });
}

export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
  return match?.[1];
}

/** Requires a valid access token; ctx.state.user holds the member. */
export function requireUser(verifier: JwtVerifier): Middleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
    ctx.state.user = await verifier.verify(token);
    await next();
  };
}

/** For guest-eligible routes: a member when a token is sent, a guest otherwise. A bad token is never a guest. */
export function optionalUser(verifier: JwtVerifier): Middleware {
  return async (ctx, next) => {
    const hasAuthHeader = ctx.get('authorization') !== '';
    const token = bearerToken(ctx);
    if (hasAuthHeader && !token)
      throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
    if (token) ctx.state.user = await verifier.verify(token);
    await next();
  };
}

export function userOf(ctx: { state: Record<string, unknown> }): AuthUser | undefined {
  return ctx.state.user as AuthUser | undefined;
}

/** The client IP as written by the gateway; the only source services trust for guest limits. */
export function clientIp(ctx: Context): string | undefined {
  const value = ctx.get('x-client-ip').trim();
  return value === '' ? undefined : value;
}
