// Small factories for credits tests: reserve requests, usage events and direct account/balance reads.
import { randomUUID } from 'node:crypto';
import type { ToolId } from '@act/contracts';
import type { ReserveRequest, UsageEvent } from '@act/contracts/server';
import type { Sql } from '@act/service-kit';
import { waitUntil } from '@act/service-kit/testing';

export function memberReserve(
  userId: string,
  tool: ToolId = 'image-to-prompt',
  extra: Partial<ReserveRequest> = {},
): ReserveRequest {
  return { requestId: randomUUID(), userId, tool, ...extra };
}

export function guestReserve(
  guestIp: string,
  tool: ToolId = 'image-to-prompt',
  extra: Partial<ReserveRequest> = {},
): ReserveRequest {
  return { requestId: randomUUID(), guestIp, tool, ...extra };
}

/** The usage event matching a reserve request. */
export function usageEventFor(request: ReserveRequest, at: Date = new Date()): UsageEvent {
  return {
    requestId: request.requestId,
    tool: request.tool,
    ...(request.userId ? { userId: request.userId } : { guestIp: request.guestIp }),
    at: at.toISOString(),
  };
}

export async function balanceOf(sql: Sql, userId: string): Promise<number | undefined> {
  const [row] = await sql<{ credits: number }[]>`select credits from accounts where user_id = ${userId}`;
  return row?.credits;
}

export async function holdStatus(sql: Sql, requestId: string): Promise<string | undefined> {
  const [row] = await sql<{ status: string }[]>`select status from holds where request_id = ${requestId}`;
  return row?.status;
}

/** Waits until the consumers have moved the hold to `status` (events are applied asynchronously). */
export async function waitForHoldStatus(sql: Sql, requestId: string, status: string): Promise<void> {
  await waitUntil(
    () => holdStatus(sql, requestId),
    (current) => current === status,
  );
}

export async function setBalance(sql: Sql, userId: string, credits: number): Promise<void> {
  // Through the ledger like any real change, so the balance = ledger invariant keeps holding.
  await sql.begin(async (tx) => {
    const [row] = await tx<
      { credits: number }[]
    >`select credits from accounts where user_id = ${userId} for update`;
    // The plan part moves with it (plan + purchased − held = balance stays true).
    await tx`update accounts set credits = ${credits}, plan_credits = plan_credits + ${credits - row!.credits}
             where user_id = ${userId}`;
    await tx`insert into ledger (user_id, delta, reason, idempotency_key, at)
             values (${userId}, ${credits - row!.credits}, 'plan_change', ${`test:${randomUUID()}`}, now())`;
  });
}
