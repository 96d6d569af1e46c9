// Sessions: short-lived signed access tokens plus opaque refresh tokens. Each sign-in opens a family; every refresh
// rotates the token inside it. A rotated token presented again means someone kept a copy, so the family is revoked
// and both the thief and the victim must sign in again (RFC 9700 §4.14.2).
//
// Except for a short grace window: two tabs refreshing at once, or a reload while a refresh is under way, present
// the same token twice within moments. For REFRESH_REUSE_GRACE_SECONDS after its rotation a token is answered with
// the successor it already got (never a new family member), so both tabs end up holding the one live token. After
// the window a rotated token is a copy again and revokes the family (GoTrue's reuse interval works the same way).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { ERROR_TEXTS, type Session } from '@act/contracts';
import { AppError, ErrorCode, type Logger } from '@act/service-kit';
import type { IdentityQueries, IdentityStore } from '../db/identity-store';
import type { RevokeReason } from '../db/sessions';
import { presentUser, toAccountUser, type AccountUser } from './account-user';
import { digest, randomSecret } from './secrets';
import type { KeyStore } from './signing-keys';
import type { TokenRevocations } from './token-revocations';

export interface SessionSettings {
  issuer: string;
  audience: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
}

export interface SessionDeps {
  store: IdentityStore;
  keys: KeyStore;
  settings: SessionSettings;
  logger: Logger;
  revocations: TokenRevocations;
}

export interface IssuedSession {
  session: Session;
  refreshToken: string;
  /** Lifetime of the refresh cookie. */
  refreshMaxAgeSeconds: number;
}

/**
 * An access token of the session family `sessionId` (its `sid` claim: revoking the family revokes the token).
 * `iat` carries milliseconds (a NumericDate may be fractional, RFC 7519 §2), so a password change revokes exactly
 * the tokens issued before it, not also the one its own session gets a moment later in the same second.
 */
export async function signAccessToken(
  keys: KeyStore,
  settings: SessionSettings,
  user: AccountUser,
  sessionId: string,
  roles: readonly string[] = [],
): Promise<{ token: string; expiresAt: number }> {
  const issuedAtMs = Date.now();
  const expiresAt = Math.floor(issuedAtMs / 1000) + settings.accessTokenTtlSeconds;
  const key = keys.signingKey();
  // `roles` only when the user holds one: staff roles come from user_roles, which no route writes.
  const claims = { email: user.email, sid: sessionId, ...(roles.length > 0 ? { roles: [...roles] } : {}) };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(issuedAtMs / 1000)
    .setExpirationTime(expiresAt)
    .setJti(randomUUID())
    .sign(key.privateKey);
  return { token, expiresAt };
}

async function issue(
  deps: SessionDeps,
  user: AccountUser,
  refreshToken: string,
  familyId: string,
): Promise<IssuedSession> {
  const roles = await deps.store.findRoles(user.id);
  const { token, expiresAt } = await signAccessToken(deps.keys, deps.settings, user, familyId, roles);
  return {
    session: {
      access_token: token,
      token_type: 'bearer',
      expires_in: deps.settings.accessTokenTtlSeconds,
      expires_at: expiresAt,
      user: { ...presentUser(user), ...(roles.length > 0 ? { roles } : {}) },
    },
    refreshToken,
    refreshMaxAgeSeconds: deps.settings.refreshTokenTtlDays * 24 * 3600,
  };
}

/** How long a rotated refresh token still gets its successor instead of revoking the family. */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/**
 * A grace-window request walks from the presented token to the family's live one; each rotation inside the window
 * is one step. More steps than this inside ten seconds is not two tabs any more.
 */
const MAX_SUCCESSOR_STEPS = 5;

/**
 * The successor of a rotated token, derived instead of stored: keyed by the rotated token (which only its holder
 * has; the database keeps its digest) over a random salt (which only the database has). So a database leak alone
 * yields no session, and a copied token alone yields nothing the server does not hand out in the window itself.
 */
function successorOf(rotatedToken: string, salt: Buffer): string {
  return createHmac('sha256', rotatedToken).update(salt).digest('base64url');
}

function refreshExpiry(settings: SessionSettings): Date {
  return new Date(Date.now() + settings.refreshTokenTtlDays * 24 * 3600 * 1000);
}

function sessionExpired(): AppError {
  return new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.server.sessionExpired);
}

/** Signs a user in: a new family with its first refresh token, and an access token. */
export async function startSession(deps: SessionDeps, user: AccountUser): Promise<IssuedSession> {
  const refreshToken = randomSecret();
  const familyId = randomUUID();
  await deps.store.transaction(async (tx) => {
    await tx.insertFamily({ id: familyId, userId: user.id });
    await tx.insertRefreshToken({
      hash: digest(refreshToken),
      familyId,
      expiresAt: refreshExpiry(deps.settings),
    });
  });
  return issue(deps, user, refreshToken, familyId);
}

type RefreshOutcome =
  | { kind: 'rotated'; user: AccountUser; next: string; familyId: string }
  | { kind: 'reused'; familyId: string; userId: string }
  | { kind: 'invalid' };

/**
 * Exchanges a refresh token for a new session and a new refresh token; the old one is spent. Within the grace
 * window a spent token gets the family's live token again (see the header).
 */
export async function refreshSession(deps: SessionDeps, refreshToken: string): Promise<IssuedSession> {
  const outcome = await deps.store.transaction(async (tx): Promise<RefreshOutcome> => {
    let token = refreshToken;
    for (let step = 0; ; step += 1) {
      const hash = digest(token);
      const row = await tx.lockRefreshToken(hash, REFRESH_REUSE_GRACE_SECONDS);
      if (!row || row.family_revoked_at) return { kind: 'invalid' };
      if (row.rotated_at) {
        if (row.rotated_within_grace && row.successor_salt && step < MAX_SUCCESSOR_STEPS) {
          token = successorOf(token, row.successor_salt);
          continue;
        }
        // Committed with the transaction even though the caller gets an error.
        await tx.revokeFamily(row.family_id, 'reuse');
        return { kind: 'reused', familyId: row.family_id, userId: row.user_id };
      }
      if (row.expires_at.getTime() <= Date.now()) return { kind: 'invalid' };
      const user = await tx.findUserById(row.user_id);
      if (!user) return { kind: 'invalid' };
      // Reached through the grace window: this is the live token another request just received; hand out the
      // same one rather than a new family member.
      if (step > 0)
        return { kind: 'rotated', user: toAccountUser(user), next: token, familyId: row.family_id };
      const salt = randomBytes(32);
      const next = successorOf(token, salt);
      await tx.markRotated(hash, salt);
      await tx.insertRefreshToken({
        hash: digest(next),
        familyId: row.family_id,
        expiresAt: refreshExpiry(deps.settings),
      });
      return { kind: 'rotated', user: toAccountUser(user), next, familyId: row.family_id };
    }
  });
  if (outcome.kind === 'reused') {
    // The access tokens of the family end with it: the thief's as well as the victim's.
    deps.revocations.sessionEnded(outcome.familyId);
    deps.logger.warn(
      { userId: outcome.userId, familyId: outcome.familyId },
      'refresh token reused: session family revoked',
    );
  }
  if (outcome.kind !== 'rotated') throw sessionExpired();
  return issue(deps, outcome.user, outcome.next, outcome.familyId);
}

/**
 * Signs out the session the refresh token belongs to, its access tokens included. Unknown tokens are ignored:
 * signing out always succeeds.
 */
export async function endSession(
  deps: Pick<SessionDeps, 'store' | 'revocations'>,
  refreshToken: string,
): Promise<void> {
  const family = await deps.store.findFamilyOfToken(digest(refreshToken));
  if (!family) return;
  await deps.store.revokeFamily(family.family_id, 'logout');
  // Announced again when the family was already revoked: harmless, and it covers an announcement that was lost.
  deps.revocations.sessionEnded(family.family_id);
}

/**
 * Ends every other session of the user (after a password change), keeping the one that made the change, and
 * revokes every access token issued until now, that session's included (it gets new ones by refreshing). Returns
 * the cutoff: the caller announces it with `revocations.userCutOff` once its transaction has committed.
 */
export async function endOtherSessions(
  store: IdentityQueries,
  userId: string,
  reason: RevokeReason,
  currentRefreshToken?: string,
): Promise<Date> {
  const current = currentRefreshToken
    ? await store.findFamilyOfToken(digest(currentRefreshToken))
    : undefined;
  await store.revokeUserFamilies(userId, reason, current?.user_id === userId ? current.family_id : undefined);
  const notBefore = new Date();
  await store.setTokensNotBefore(userId, notBefore);
  return notBefore;
}
