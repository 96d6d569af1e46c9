// Redeeming a code, and making new ones (docs/product-rules.md#redemption-codes). A code is a bearer credit, so the
// rules are about guessing: wrong codes are counted per member and per address and stop at
// REDEEM_WRONG_CODES_PER_HOUR; every refusal but the member's own second try reads the same (so an answer tells no
// existing code apart); and codes the server makes are long enough, from an alphabet without look-alikes, that 10
// guesses an hour find none.
import { randomInt } from 'node:crypto';
import {
  CREATE_CODE_ALPHABET,
  CREDIT_CONTROLS_TEXTS,
  ErrorCode,
  REDEEM_WRONG_CODES_PER_HOUR,
} from '@act/contracts';
import { AppError } from '@act/service-kit';
import type { CreditsStore } from '../db/credits-store';
import type { FailureCount } from '../db/redemption-failures';
import { applyDueChanges, ensureAccount } from './account-lifecycle';

const R = CREDIT_CONTROLS_TEXTS.redeem;
const HOUR_MS = 3_600_000;

/** Who a redemption is counted against: the member always, and the address the gateway saw when there is one. */
export interface Redeemer {
  userId: string;
  /** x-client-ip: behind the gateway always set; a direct caller without one is counted as the member alone. */
  address: string | undefined;
}

/**
 * Redeems a code for the member: once per member (the redemptions primary key), at most max_uses times in all (the
 * code's row lock), never after it expires; the credits and their ledger row ('redeem') commit with the use. The
 * redeemer's wrong-code rows stay locked for the whole transaction, so concurrent guesses queue: 30 sent at once get
 * exactly the 10 answers an hour allows. A wrong code commits its count and is then refused.
 */
export async function redeemCode(
  store: CreditsStore,
  redeemer: Redeemer,
  code: string,
  now: Date,
): Promise<{ credits: number; balance: number }> {
  const { userId, address } = redeemer;
  const subjects = [`member:${userId}`, ...(address ? [`address:${address}`] : [])];
  const outcome = await store.transaction(async (tx) => {
    refuseWhenOverLimit(await tx.lockRedemptionFailures(subjects, HOUR_MS, now), now);
    const found = await tx.lockCode(code);
    if (!found || found.expires_at <= now || found.uses >= found.max_uses) {
      // Their own code again tells the member nothing new, so it keeps its own answer and is not counted.
      if (found && (await tx.hasRedeemed(code, userId)))
        throw new AppError(ErrorCode.CONFLICT, R.alreadyRedeemed);
      await tx.addRedemptionFailure(subjects, now);
      return undefined;
    }
    await ensureAccount(tx, userId, now);
    if (!(await tx.insertRedemption(code, userId, now)))
      throw new AppError(ErrorCode.CONFLICT, R.alreadyRedeemed);
    // The row is locked and had a use left, so this takes it; the CHECK on uses is the last line of defence.
    const credits = (await tx.takeCodeUse(code, now))!;
    // A reset that is due happens first, so it cannot swallow the redeemed credits a moment later.
    await applyDueChanges(tx, userId, now);
    const balance = await tx.creditAccount({
      userId,
      delta: credits,
      reason: 'redeem',
      idempotencyKey: `redeem:${code}:${userId}`,
      now,
    });
    return { credits, balance: balance! };
  });
  // Unknown, used up and expired: one answer, after the wrong code is counted (committed above).
  if (!outcome) throw new AppError(ErrorCode.NOT_FOUND, R.invalid);
  return outcome;
}

/** Forgets the wrong-code counts whose hour has ended (the account job); returns how many. */
export function forgetEndedRedemptionWindows(store: CreditsStore, now: Date): Promise<number> {
  return store.transaction((tx) => tx.deleteEndedRedemptionWindows(HOUR_MS, now));
}

/** 429 while any of the redeemer's subjects is at the limit, with Retry-After until its hour ends. */
function refuseWhenOverLimit(counts: readonly FailureCount[], now: Date): void {
  const full = counts.filter((count) => count.failures >= REDEEM_WRONG_CODES_PER_HOUR);
  if (full.length === 0) return;
  const until = Math.max(...full.map((count) => count.window_start.getTime() + HOUR_MS));
  throw new AppError(ErrorCode.RATE_LIMITED, R.tooManyWrongCodes, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil((until - now.getTime()) / 1000))) },
  });
}

/** Characters of a code the server makes: 12 of 30 (≈59 bits), shown as XXXX-XXXX-XXXX. */
const MADE_CODE_GROUPS = 3;
const MADE_CODE_GROUP_LENGTH = 4;

/** A new code from CREATE_CODE_ALPHABET, drawn with the operating system's random source. */
export function makeRedemptionCode(): string {
  const groups = Array.from({ length: MADE_CODE_GROUPS }, () =>
    Array.from(
      { length: MADE_CODE_GROUP_LENGTH },
      () => CREATE_CODE_ALPHABET[randomInt(CREATE_CODE_ALPHABET.length)],
    ).join(''),
  );
  return groups.join('-');
}
