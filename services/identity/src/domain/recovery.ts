// Password recovery and email-change confirmation: single-use tokens, stored hashed, sent by email.
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode, isUniqueViolation } from '@act/service-kit';
import type { IdentityStore } from '../db/identity-store';
import { emailLink } from './accounts';
import { toAccountUser, type AccountUser } from './account-user';
import type { MailQueue } from './mail';
import { mailTexts } from './mail-texts';
import { hashPassword } from './passwords';
import { digest, randomSecret } from './secrets';
import { endOtherSessions } from './sessions';
import type { TokenRevocations } from './token-revocations';

const RECOVERY_TTL_MS = 3600 * 1000;

export interface RecoveryDeps {
  store: IdentityStore;
  mail: MailQueue;
  publicUrl: string;
  revocations: TokenRevocations;
}

/**
 * Emails a one-hour reset link when the address has an account. The caller always answers the same way, so
 * recovery cannot be used to find out which addresses are registered.
 */
export async function requestRecovery(deps: RecoveryDeps, email: string): Promise<void> {
  const user = await deps.store.findUserByEmail(email);
  if (!user) return;
  const token = randomSecret();
  await deps.store.transaction(async (tx) => {
    await tx.replaceOneTimeToken({
      hash: digest(token),
      userId: user.id,
      purpose: 'recovery',
      newEmail: null,
      expiresAt: new Date(Date.now() + RECOVERY_TTL_MS),
    });
    await deps.mail.enqueue(tx, {
      to: user.email,
      purpose: 'recovery',
      ...mailTexts(user.locale).recovery(emailLink(deps.publicUrl, 'recovery', token)),
    });
  });
}

function invalidToken(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.server.invalidRecoveryToken);
}

/**
 * Sets the new password, marks the address verified and ends every existing session: whoever held the old password
 * is signed out.
 */
export async function completeRecovery(
  deps: Pick<RecoveryDeps, 'store' | 'revocations'>,
  input: { token: string; password: string },
): Promise<AccountUser> {
  const passwordHash = await hashPassword(input.password);
  const reset = await deps.store.transaction(async (tx) => {
    const used = await tx.consumeOneTimeToken(digest(input.token), 'recovery');
    if (!used) return undefined;
    await tx.updatePasswordHash(used.user_id, passwordHash);
    // The link came from the account's mailbox: its owner now holds the password.
    await tx.markEmailVerified(used.user_id);
    const notBefore = await endOtherSessions(tx, used.user_id, 'password_reset');
    const user = await tx.findUserById(used.user_id);
    return user && { user, notBefore };
  });
  if (!reset) throw invalidToken();
  deps.revocations.userCutOff(reset.user.id, reset.notBefore);
  return toAccountUser(reset.user);
}

/** Moves the account to the address the link was sent to (proving the owner reads it). */
export async function confirmEmailChange(
  deps: Pick<RecoveryDeps, 'store'>,
  token: string,
): Promise<AccountUser> {
  const outcome = await deps.store.transaction(async (tx) => {
    const used = await tx.consumeOneTimeToken(digest(token), 'email_change');
    if (!used?.new_email) return { kind: 'invalid' as const };
    const newEmail = used.new_email;
    try {
      // A savepoint, so a clash with another account undoes only the update and the spent token stays spent.
      const row = await tx.savepoint((sp) => sp.updateEmail(used.user_id, newEmail));
      return row ? { kind: 'changed' as const, user: toAccountUser(row) } : { kind: 'invalid' as const };
    } catch (error) {
      if (isUniqueViolation(error)) return { kind: 'taken' as const };
      throw error;
    }
  });
  if (outcome.kind === 'invalid') throw invalidToken();
  // Someone else registered the address after the link was sent.
  if (outcome.kind === 'taken') throw new AppError(ErrorCode.CONFLICT, ERROR_TEXTS.server.emailTaken);
  return outcome.user;
}
