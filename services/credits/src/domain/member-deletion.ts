// What credits does when a member's account is deleted (docs/architecture.md#member-deletion, docs/product-rules.md#
// account-deletion). First a paid subscription is cancelled at Paddle (no renewal is ever billed to a deleted
// account); a Paddle failure throws, and the kit's consumer retries with back-off before anything else changes.
// Then what credits holds about the member beyond the money records goes: the e-mail it keeps for support, the usage
// notices and the API keys' monthly spend. The account row, ledger, holds, usage rows, credit packs and their refunds
// stay, keyed by the user id alone: they are the accounting record the law and Paddle refunds require, and the money
// invariants (balance = Σ ledger) hold over them. Nobody can spend the balance: nobody can sign in as the member.
// Idempotent: the cancellation is recorded, so a redelivery does not call Paddle again.
import { ErrorCode, isAppError, type Logger, type Sql } from '@act/service-kit';
import type { Clock } from '../clock';
import type { CreditsStore } from '../db/credits-store';
import type { PaddleClient } from '../providers/paddle';
import { cancelOwnSubscription } from './billing';

export interface CreditsMemberDeletionDeps {
  sql: Sql;
  store: CreditsStore;
  clock: Clock;
  logger: Logger;
  paddle: PaddleClient;
}

export async function deleteCreditsMember(deps: CreditsMemberDeletionDeps, userId: string): Promise<void> {
  // A member credits never opened an account for has no subscription (and none is opened now).
  if (await deps.store.findAccount(userId)) {
    try {
      // Cancelled at the end of the paid period, as a member's own cancel: no refund is owed, nothing renews.
      await cancelOwnSubscription(deps, { userId });
      deps.logger.info({ userId }, 'subscription of a deleted account cancelled at Paddle');
    } catch (error) {
      // No subscription, or one cancelled already: nothing to cancel.
      if (!(isAppError(error) && error.code === ErrorCode.NOT_FOUND)) throw error;
    }
  }
  await deps.sql.begin(async (tx) => {
    await tx`delete from member_emails where user_id = ${userId}`;
    await tx`delete from credit_notices where user_id = ${userId}`;
    await tx`delete from api_key_spend where user_id = ${userId}`;
  });
}
