// The reserve of a call made with a personal API key (docs/architecture.md#personal-api-keys): the member's charge
// with the key's monthly limit tested in the same statement (db/api-key-charges.ts), and which refusal to give when
// it did not apply: not enough credits, the key's own limit, or the member's spending cap.
import { API_KEY_TEXTS, ErrorCode, type ApiKeyCharge } from '@act/contracts';
import type { ReserveReply } from '@act/contracts/server';
import { isUniqueViolation } from '@act/service-kit';
import {
  insufficient,
  overCap,
  replay,
  spendCapReached,
  type MemberReserve,
  type ReserveDeps,
} from './reserve';
import { applyDueChanges, ensureAccount } from './domain/account-lifecycle';

export async function reserveWithKey(
  { store, clock }: ReserveDeps,
  reserve: MemberReserve & { apiKey: ApiKeyCharge },
): Promise<ReserveReply> {
  const input = { ...reserve, now: clock.now() };
  const charged = (remainingCredits: number): ReserveReply => ({
    ok: true,
    cost: input.cost,
    remainingCredits,
  });
  try {
    // Fast path, one round trip: the account and the key's spend row exist, nothing is due, everything covers it.
    const remaining = await store.chargeMemberWithKey(input);
    if (remaining !== undefined) return charged(remaining);

    return await store.transaction(async (tx) => {
      const existing = await tx.findHold(input.requestId);
      if (existing) return replay(existing, input);
      await ensureAccount(tx, input.userId, input.now);
      const account = await applyDueChanges(tx, input.userId, input.now);
      await tx.ensureKeySpendRow(input);
      const retried = await tx.chargeMemberWithKey(input);
      if (retried !== undefined) return charged(retried);
      if (!account || account.credits < input.cost) return insufficient;
      const limit = input.apiKey.monthlyCreditLimit;
      if (
        limit !== null &&
        (await tx.keySpentThisPeriod(input.userId, input.apiKey.id)) + input.cost > limit
      ) {
        // Its own code and text: the member's key, not their balance or cap, refused it.
        return {
          ok: false,
          code: ErrorCode.API_KEY_LIMIT_REACHED,
          message: API_KEY_TEXTS.limitReached(input.apiKey.name, limit),
        };
      }
      return overCap(account, input.cost) ? spendCapReached(account.monthly_cap!) : insufficient;
    });
  } catch (error) {
    // The same requestId raced in from another delivery: answer with what that one stored.
    if (!isUniqueViolation(error, 'holds_pkey')) throw error;
    const existing = await store.findHold(input.requestId);
    if (!existing) throw error;
    return replay(existing, input);
  }
}
