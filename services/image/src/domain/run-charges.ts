// A run that makes several results, each charged as one use of its tool (docs/charges.md#several-images-per-run):
// the holds are taken together before any work (all of them or none: a refusal releases those already held), the
// work stores what it got and commits one hold per stored result in the same transaction, and every other hold is
// released. A failed run releases them all. Credits keeps its one-hold-one-price protocol; the member's history shows
// one line per image.
import { toolCost, type ToolId, type ApiKeyCharge } from '@act/contracts';
import { isAppError, reserveCharge, type Charge, type CreditsClient } from '@act/service-kit';

export interface RunChargesInput {
  tool: ToolId;
  userId: string;
  count: number;
  /** The HTTP request's id, sent with each hold (credits logs name it). */
  httpRequestId?: string | undefined;
  /** The call's personal API key: each hold names it, and its monthly limit counts every image. */
  apiKey?: ApiKeyCharge | undefined;
  /** The refusal text when the balance cannot cover `count` uses (the credits service words one use only). */
  insufficientText: (count: number, credits: number) => string;
}

/**
 * Holds `count` uses one after the other; the first refusal releases the holds taken and is thrown. A short balance
 * for several is refused with the run's whole price (reserveCharge's insufficientText); for one, with the tool's.
 */
export async function reserveCharges(credits: CreditsClient, input: RunChargesInput): Promise<Charge[]> {
  const charges: Charge[] = [];
  const insufficientText =
    input.count > 1 ? input.insufficientText(input.count, input.count * toolCost(input.tool)) : undefined;
  try {
    for (let i = 0; i < input.count; i += 1) {
      charges.push(
        await reserveCharge(credits, {
          tool: input.tool,
          userId: input.userId,
          httpRequestId: input.httpRequestId,
          apiKey: input.apiKey,
          insufficientText,
        }),
      );
    }
    return charges;
  } catch (error) {
    await Promise.all(charges.map((charge) => charge.release().catch(() => undefined)));
    throw error;
  }
}

/** What the work gets: the signal, and how to settle `used` of the holds inside its storing transaction. */
export interface RunSettlement {
  signal: AbortSignal;
  /**
   * Commits the first `used` holds with `commit` (the storing transaction's Charge.commitIn) and has the others
   * released once the work returns.
   */
  commitUsed(used: number, commit: (charge: Charge) => Promise<unknown>): Promise<void>;
}

/**
 * Runs `work` under every hold (each Charge's own run, nested, so each settles by the kit's rule when the work
 * throws: released, nothing stored). The balance a failure reports is the one after the last refund.
 */
export async function runCharges<T>(
  charges: readonly Charge[],
  work: (settlement: RunSettlement) => Promise<T>,
): Promise<{ result: T; remainingCredits: number | null }> {
  let used = charges.length;
  let released: number | null | undefined;
  const settlement = (signal: AbortSignal): RunSettlement => ({
    signal,
    async commitUsed(count, commit) {
      used = Math.min(count, charges.length);
      for (const charge of charges.slice(0, used)) await commit(charge);
    },
  });

  const nest = (index: number, signal?: AbortSignal): Promise<T> => {
    const charge = charges[index];
    if (!charge) return work(settlement(signal ?? new AbortController().signal));
    return charge.run(async (own) => {
      try {
        // The outermost run's signal is the run's.
        const result = await nest(index + 1, signal ?? own);
        // The holds of results that did not come back are refunded inside their own run (kept as released).
        if (index >= used) released = (await charge.release()) ?? released;
        return result;
      } catch (error) {
        // Each outer run refunds after this one; the reply names the balance after the last (outermost) refund.
        if (isAppError(error)) delete error.details.remainingCredits;
        throw error;
      }
    });
  };

  const result = await nest(0);
  const last = charges.at(-1)?.remainingCredits ?? null;
  const refunded = (charges.length - used) * toolCost(charges[0]!.ref.tool);
  const remainingCredits = typeof released === 'number' ? released : last === null ? null : last + refunded;
  return { result, remainingCredits };
}
