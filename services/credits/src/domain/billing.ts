// Subscription billing rules: a Paddle subscription event sets the member's plan (an upgrade at once with the new
// allowance; a downgrade or cancellation at the end of the paid period), each event applied once by its id and late
// events ignored; and changing plan or cancelling, which a member may do only for their own subscription.
import {
  ERROR_TEXTS,
  ErrorCode,
  downgradeKeepsCycle,
  getPlan,
  type BillingCycle,
  type PaidPlanId,
  type PlanId,
} from '@act/contracts';
import { AppError, type Logger } from '@act/service-kit';
import { addMonthsUtc, applyDueChanges, ensureAccount, loadCurrentAccount } from './account-lifecycle';
import type { AccountRow, ScheduledAction } from '../db/accounts';
import type { CreditsStore, CreditsTransaction } from '../db/credits-store';
import { planForPriceId, type PriceIds } from '../config';
import type { PaddleClient, SubscriptionEvent } from '../providers/paddle';
import { verifiedCheckoutUser } from './checkout-signature';
import type { Clock } from '../clock';

export interface BillingDeps {
  store: CreditsStore;
  clock: Clock;
  logger: Logger;
  prices: PriceIds;
  /** See checkout-signature.ts. */
  checkoutKey: Buffer;
}

export type BillingOutcome = 'applied' | 'duplicate' | 'unmatched' | 'stale' | 'ignored';

const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
const ENDED_STATUSES = new Set(['canceled', 'paused']);

export async function applySubscriptionEvent(
  deps: BillingDeps,
  event: SubscriptionEvent,
): Promise<BillingOutcome> {
  const { store, clock, logger } = deps;
  const now = clock.now();
  const outcome = await store.transaction(async (tx): Promise<BillingOutcome> => {
    if (!(await tx.recordProcessedEvent(`paddle:${event.eventId}`, 'paddle', now))) return 'duplicate';
    const userId = await subscriberOf(tx, deps, event);
    if (!userId) return 'unmatched';
    await ensureAccount(tx, userId, now);
    const account = (await applyDueChanges(tx, userId, now))!;

    const sameSubscription = account.subscription_id === event.subscriptionId;
    // Paddle does not guarantee order: an event older than the last one applied for this subscription is stale.
    if (sameSubscription && account.billing_event_at && event.occurredAt < account.billing_event_at)
      return 'stale';

    if (ENDED_STATUSES.has(event.status)) {
      // The end of an old or unknown subscription must not touch the member's current one (or a free account).
      if (!sameSubscription && (account.subscription_id !== null || account.plan === 'free'))
        return 'ignored';
      await endSubscription(tx, account, event, now);
      return 'applied';
    }
    if (!LIVE_STATUSES.has(event.status)) return 'ignored';
    await applyLiveSubscription(tx, deps.prices, account, event, now, logger);
    return 'applied';
  });
  logger.info({ eventId: event.eventId, eventType: event.eventType, outcome }, 'billing event');
  return outcome;
}

/**
 * Whose subscription this is. A subscription we have linked stays with that account whatever its custom data says
 * (the link is ours; custom data came from a browser). A new one belongs to the member named in its custom data,
 * and only when credits signed that name (see checkout-signature.ts).
 */
async function subscriberOf(
  tx: CreditsTransaction,
  deps: Pick<BillingDeps, 'checkoutKey' | 'logger'>,
  event: SubscriptionEvent,
): Promise<string | undefined> {
  const linked = (await tx.findAccountBySubscription(event.subscriptionId))?.user_id;
  const signed = verifiedCheckoutUser(deps.checkoutKey, event.claimedUser) ?? undefined;
  const subscriber = linked ?? signed;
  if (event.claimedUser && event.claimedUser.userId !== subscriber) {
    deps.logger.warn(
      { eventId: event.eventId, subscriptionId: event.subscriptionId, signed: signed !== undefined },
      'paddle custom data names a member billing does not believe',
    );
  }
  return subscriber;
}

async function endSubscription(
  tx: CreditsTransaction,
  account: AccountRow,
  event: SubscriptionEvent,
  now: Date,
): Promise<void> {
  const endsAt = event.scheduledChange?.effectiveAt ?? event.periodEndsAt;
  if (endsAt && endsAt > now) {
    await tx.updateSubscriptionLink({
      userId: account.user_id,
      subscriptionId: event.subscriptionId,
      status: event.status,
      schedule: { plan: 'free', action: 'cancel', at: endsAt },
      billingEventAt: event.occurredAt,
      now,
    });
    return;
  }
  const linked = await tx.updateSubscriptionLink({
    userId: account.user_id,
    subscriptionId: event.subscriptionId,
    status: event.status,
    schedule: null,
    billingEventAt: event.occurredAt,
    now,
  });
  await switchPlanNow(tx, linked, 'free', `plan:${account.user_id}:${event.eventId}`, now, true);
}

async function applyLiveSubscription(
  tx: CreditsTransaction,
  prices: PriceIds,
  account: AccountRow,
  event: SubscriptionEvent,
  now: Date,
  logger: Logger,
): Promise<void> {
  const bought = event.priceId ? planForPriceId(prices, event.priceId) : undefined;
  if (!bought) {
    // Still link the subscription so support can find it; the plan stays as it is.
    logger.warn(
      { eventId: event.eventId, priceId: event.priceId },
      'subscription price matches no configured plan',
    );
  }
  const current = getPlan(account.plan);
  const target = bought ? getPlan(bought.planId) : current;
  let schedule: { plan: PlanId; action: ScheduledAction; at: Date } | null = null;
  let updated = account;

  // An upgrade applies now; a downgrade waits for the period end, or applies now when no period end is ahead.
  let switchNow = target.rank > current.rank;
  if (target.rank < current.rank) {
    const at = event.periodEndsAt && event.periodEndsAt > now ? event.periodEndsAt : null;
    if (at) schedule = { plan: target.id, action: 'downgrade', at };
    else switchNow = true;
  }
  if (switchNow) {
    updated = await switchPlanNow(
      tx,
      account,
      target.id,
      `plan:${account.user_id}:${event.eventId}`,
      now,
      false,
    );
  }
  // A cancellation scheduled in Paddle wins over a downgrade: at the period end the member falls to free.
  if (event.scheduledChange?.action === 'cancel' && event.scheduledChange.effectiveAt > now) {
    schedule = { plan: 'free', action: 'cancel', at: event.scheduledChange.effectiveAt };
  }
  await tx.updateSubscriptionLink({
    userId: updated.user_id,
    subscriptionId: event.subscriptionId,
    status: event.status,
    schedule,
    billingEventAt: event.occurredAt,
    now,
  });
}

/** Switches plan at once: the new allowance replaces the balance and a new monthly cycle starts now. */
async function switchPlanNow(
  tx: CreditsTransaction,
  account: AccountRow,
  plan: PlanId,
  idempotencyKey: string,
  now: Date,
  endSubscription: boolean,
): Promise<AccountRow> {
  return tx.setAllowance({
    account,
    plan,
    credits: getPlan(plan).monthlyCredits,
    cycleStart: now,
    nextReset: addMonthsUtc(now, 1),
    reason: 'plan_change',
    idempotencyKey,
    now,
    clearSchedule: true,
    endSubscription,
  });
}

export interface CancelDeps {
  store: CreditsStore;
  clock: Clock;
  logger: Logger;
  paddle: PaddleClient;
}

/**
 * Cancels the caller's own subscription at the end of the paid period. A subscription id that is not the caller's
 * is refused with 403 before Paddle is called; Paddle failures answer the spec's 'Failed to cancel subscription'.
 */
export async function cancelOwnSubscription(
  { store, clock, logger, paddle }: CancelDeps,
  input: { userId: string; subscriptionId?: string },
): Promise<void> {
  const account = await loadCurrentAccount(store, input.userId, clock.now());
  if (input.subscriptionId !== undefined && input.subscriptionId !== account.subscription_id) {
    throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.forbidden);
  }
  const subscriptionId = account.subscription_id;
  if (!subscriptionId || account.subscription_status === 'canceled') {
    throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.subscription.noSubscription);
  }
  // Already cancelled for the end of the period: a second click is a success, not a second Paddle call.
  if (account.scheduled_action === 'cancel') return;
  let canceled;
  try {
    canceled = await paddle.cancelSubscription(subscriptionId);
  } catch (error) {
    logger.warn({ err: error, subscriptionId }, 'paddle cancel failed');
    throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.subscription.cancelSubscription, {
      cause: error,
    });
  }
  // Record the pending cancellation now so the account shows it at once; Paddle's webhooks confirm it later.
  const effectiveAt = canceled.effectiveAt;
  if (!effectiveAt) return;
  await store.transaction(async (tx) => {
    const locked = await applyDueChanges(tx, input.userId, clock.now());
    if (!locked || locked.subscription_id !== subscriptionId) return;
    await tx.updateSubscriptionLink({
      userId: input.userId,
      subscriptionId,
      status: locked.subscription_status,
      schedule: { plan: 'free', action: 'cancel', at: effectiveAt },
      billingEventAt: null,
      now: clock.now(),
    });
  });
}

export interface ChangePlanDeps extends CancelDeps {
  prices: PriceIds;
}

export interface PlanChange {
  change: 'upgrade' | 'downgrade';
  /** End of the paid period for a downgrade; null for an upgrade (it applies when Paddle's webhook confirms it). */
  effectiveAt: Date | null;
}

/**
 * Moves the caller's own subscription to another paid plan through Paddle, so a member never ends up with two
 * subscriptions. An upgrade is billed the prorated difference now and nothing changes here until Paddle's
 * subscription.updated webhook applies it (applySubscriptionEvent upgrades at once). A downgrade is not billed: Paddle
 * swaps the item now without charging or crediting, so the lower price is billed from the next renewal; we record the
 * change for the end of the paid period at once, and the webhook then confirms the same schedule.
 */
export async function changeOwnPlan(
  { store, clock, logger, paddle, prices }: ChangePlanDeps,
  input: { userId: string; plan: PaidPlanId; cycle: BillingCycle },
): Promise<PlanChange> {
  const account = await loadCurrentAccount(store, input.userId, clock.now());
  // Only the caller's own subscription id is ever used; none is taken from the request.
  const subscriptionId = account.subscription_id;
  if (!subscriptionId || account.subscription_status === 'canceled') {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.subscription.noSubscriptionToChange);
  }
  // Paddle keeps a scheduled cancellation through item changes: an upgrade would be charged and still end.
  if (account.scheduled_action === 'cancel') {
    throw new AppError(ErrorCode.CONFLICT, ERROR_TEXTS.subscription.subscriptionEnding);
  }
  const current = getPlan(account.plan);
  const target = getPlan(input.plan);
  if (target.rank === current.rank) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.subscription.alreadyOnPlan);
  }
  const priceId = prices[input.plan][input.cycle];
  if (!priceId)
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.subscription.billingNotConfigured);
  const change = target.rank > current.rank ? 'upgrade' : 'downgrade';

  if (
    change === 'downgrade' &&
    account.scheduled_action === 'downgrade' &&
    account.scheduled_plan === input.plan &&
    account.scheduled_change_at
  ) {
    // Already waiting for the end of the period: a second click is a success, not a second Paddle call.
    return { change, effectiveAt: account.scheduled_change_at };
  }

  if (change === 'downgrade') {
    // A billing-cycle switch makes Paddle restart the billing period, which do_not_bill would leave unpaid (or
    // drop the time already paid for), so a downgrade keeps the cycle the member pays now.
    const state = await callPaddle(logger, subscriptionId, () => paddle.getSubscription(subscriptionId));
    const paying = state.priceId ? planForPriceId(prices, state.priceId) : undefined;
    if (paying && paying.cycle !== input.cycle) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, downgradeKeepsCycle(paying.cycle));
    }
  }
  const updated = await callPaddle(logger, subscriptionId, () =>
    paddle.changeSubscriptionPrice(subscriptionId, {
      priceId,
      prorationBillingMode: change === 'upgrade' ? 'prorated_immediately' : 'do_not_bill',
    }),
  );
  if (change === 'upgrade') return { change, effectiveAt: null };

  const effectiveAt =
    updated.periodEndsAt && updated.periodEndsAt > clock.now() ? updated.periodEndsAt : null;
  if (!effectiveAt) return { change, effectiveAt: null };
  await store.transaction(async (tx) => {
    const locked = await applyDueChanges(tx, input.userId, clock.now());
    // Something else moved first (a webhook, a cancellation): leave the account to the events.
    if (!locked || locked.subscription_id !== subscriptionId || locked.scheduled_action === 'cancel') return;
    if (getPlan(locked.plan).rank <= target.rank) return;
    await tx.updateSubscriptionLink({
      userId: input.userId,
      subscriptionId,
      status: locked.subscription_status,
      schedule: { plan: input.plan, action: 'downgrade', at: effectiveAt },
      billingEventAt: null,
      now: clock.now(),
    });
  });
  return { change, effectiveAt };
}

/** Runs Paddle calls; a provider failure answers the spec's 'Failed to start subscription process' (502). */
async function callPaddle<T>(logger: Logger, subscriptionId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    logger.warn({ err: error, subscriptionId }, 'paddle plan change failed');
    throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.subscription.startSubscription, {
      cause: error,
    });
  }
}
