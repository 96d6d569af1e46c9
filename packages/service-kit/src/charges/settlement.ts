// A charge as plain data, and settling it from that data in any process (docs/charges.md): a job row, a Stop that
// reaches another replica, or the transaction that stores a result all settle a hold they did not take.
import type { ChargeOutcome, ToolId } from '@act/contracts';
import type { UsageEvent } from '@act/contracts/server';
import type { CreditsClient } from './credits-client';

/** What identifies a held charge. Plain data: store it with a job, or send it to another replica to settle. */
export interface ChargeRef {
  requestId: string;
  tool: ToolId;
  /** The member; absent for a guest. */
  userId?: string;
  /** The guest's IP (from x-client-ip); required when there is no userId. */
  guestIp?: string;
}

export function usageEvent(ref: ChargeRef): UsageEvent {
  return {
    requestId: ref.requestId,
    tool: ref.tool,
    ...(ref.userId ? { userId: ref.userId } : { guestIp: ref.guestIp }),
    at: new Date().toISOString(),
  };
}

/**
 * The outcome of a charge as an outbox message, for a transaction that stores a result (or a failure) made by any
 * replica from the charge's ref (the jobs runner).
 */
export function settlementMessage(credits: CreditsClient, ref: ChargeRef, outcome: ChargeOutcome) {
  // Background work (a job settled by whichever replica ran it): no HTTP request to name.
  return credits.usageMessage(outcome, usageEvent(ref));
}

/**
 * Settles a charge from its ref, in any process: credits finds the hold by request id, applies each outcome once,
 * and a hold leaves `held` only once (so a second, different outcome changes nothing).
 */
export async function settleCharge(
  credits: CreditsClient,
  ref: ChargeRef,
  outcome: ChargeOutcome,
  httpRequestId?: string,
): Promise<number | null | undefined> {
  const event = usageEvent(ref);
  if (outcome === 'released') return credits.release(event, httpRequestId);
  await credits.commit(event, httpRequestId);
  return undefined;
}
