// Deleting one's own account (docs/product-rules.md#account-deletion). The owner proves it is them (the password, or
// for a Google account the proof of a Google sign-in started for this, domain/google-reauth.ts, spent in the same
// transaction); then one transaction marks the user deleted (address,
// password and Google link gone), ends every session, cuts off every access token, revokes every API key, drops
// identity's other traces and records identity.user.deleted in the outbox, so the event exists exactly when the
// deletion does. Every other service deletes the member's data when the event reaches it (kit's startMemberDeletion);
// credits cancels a paid subscription at Paddle before it deletes anything else.
import { ACCOUNT_CONTROL_TEXTS, ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode, type Logger } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { IdentityStore, IdentityTransaction } from '../db/identity-store';
import type { UserRow } from '../db/users';
import { verifyPassword } from './passwords';
import type { TokenRevocations } from './token-revocations';
import type { UserEvents } from './user-events';

export interface AccountDeletionDeps {
  store: IdentityStore;
  events: UserEvents;
  revocations: TokenRevocations;
  logger: Logger;
  /** The data exports' zips (`identity/<user>/`); absent when exports are off. */
  exportFiles?: Pick<ObjectStore, 'deleteOwner'>;
}

/**
 * The password of a password account. 403 rather than 401 for a wrong password: a 401 would make the browser refresh
 * its token and send the same wrong password again.
 */
async function confirmPassword(user: UserRow, password: string | undefined): Promise<void> {
  if (!user.password_hash) return;
  if (password === undefined) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ACCOUNT_CONTROL_TEXTS.errors.passwordRequired);
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.currentPasswordIncorrect);
  }
}

/**
 * A Google account (no password) spends its proof of a Google sign-in for the deletion, inside the deletion's
 * transaction: a failed deletion keeps it, and two deletions cannot both spend one proof. Only the member's own proof
 * counts; a plain sign-in leaves none.
 */
async function spendGoogleProof(tx: IdentityTransaction, user: UserRow): Promise<void> {
  if (user.password_hash) return;
  if (!(await tx.takeReauthProof(user.id, 'delete-account'))) {
    throw new AppError(ErrorCode.FORBIDDEN, ACCOUNT_CONTROL_TEXTS.errors.reauthRequired);
  }
}

export async function deleteAccount(
  deps: AccountDeletionDeps,
  input: { userId: string; password?: string },
): Promise<void> {
  const user = await deps.store.findUserById(input.userId);
  if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
  await confirmPassword(user, input.password);

  const deletedAt = new Date();
  const deleted = await deps.store.transaction(async (tx) => {
    await spendGoogleProof(tx, user);
    // Two deletions at once: the second finds the row deleted and does nothing (one event, one cut-off).
    if (!(await tx.markUserDeleted(user.id, deletedAt))) return false;
    await tx.revokeUserFamilies(user.id, 'account_deleted');
    await tx.setTokensNotBefore(user.id, deletedAt);
    await tx.revokeUserApiKeys(user.id, deletedAt);
    await tx.deleteUserLeftovers(user.id, user.email);
    await deps.events.recordDeleted(tx, { id: user.id, deletedAt });
    return true;
  });
  if (!deleted) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
  // After the commit: every replica, the gateway and the services refuse the member's tokens from now on.
  deps.revocations.userCutOff(user.id, deletedAt);
  deps.logger.info({ userId: user.id }, 'account deleted');
  await deleteExportZips(deps, user.id);
  void deps.events.publishPending();
}

/**
 * The member's export zips hold all their data and are reachable by a signed link for 24 hours: they go with the
 * account. Their rows went in the transaction, so a build still running discards its zip (its settle finds no row).
 * A failure here is logged for an operator (docs/runbooks.md#memberdeletionstuck): the deletion itself stands.
 */
async function deleteExportZips(deps: AccountDeletionDeps, userId: string): Promise<void> {
  if (!deps.exportFiles) return;
  try {
    await deps.exportFiles.deleteOwner(userId);
  } catch (error) {
    deps.logger.error({ err: error, userId }, 'export zips of a deleted account not deleted');
  }
}
