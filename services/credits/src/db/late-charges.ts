// Late charges: a success reported after its hold expired and was refunded is charged anyway (the member has the
// result), as far as the balance goes, the rest recorded as debt (docs/architecture.md#credits).
import type { Db } from '@act/service-kit';
import { restoreKeySpend } from './api-key-charges';
import { burnCredits } from './holds';

/**
 * Commits holds the sweeper already expired and refunded, because their success arrived late (a member keeps the
 * result, so the use is charged and listed). Must run in a transaction. Each member pays what the balance holds, up
 * to the cost, never going below zero; the ledger row records the rest as debt. Returns the request ids committed.
 */
export async function commitExpiredHolds(
  tx: Db,
  requestIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (requestIds.length === 0) return [];
  const holds = await tx<{ request_id: string; user_id: string | null; cost: number }[]>`
    update holds set status = 'committed', settled_at = ${now}
    where request_id = any(${requestIds}::uuid[]) and status = 'expired'
    returning request_id, user_id, cost`;
  const members = holds.filter((hold) => hold.user_id !== null && hold.cost > 0);
  const userIds = [...new Set(members.map((hold) => hold.user_id!))].sort();
  if (userIds.length > 0) {
    await tx`select user_id from accounts where user_id = any(${userIds}::uuid[]) order by user_id for update`;
  }
  for (const hold of members) {
    // One at a time: two late commits of one member must each see the balance the other left.
    const [taken] = await tx<{ amount: number }[]>`
      with account as (
        select credits from accounts where user_id = ${hold.user_id}
      ), charged as (
        update accounts set credits = accounts.credits - least(account.credits, ${hold.cost}),
          period_spent = accounts.period_spent + least(account.credits, ${hold.cost}), updated_at = ${now}
        from account where accounts.user_id = ${hold.user_id}
        returning least(account.credits, ${hold.cost}) as amount
      )
      insert into ledger (user_id, delta, reason, request_id, idempotency_key, at, debt)
      select ${hold.user_id}, -amount, 'late_charge', ${hold.request_id}, 'late_charge:' || ${hold.request_id}::text,
        ${now}, ${hold.cost} - amount
      from charged
      returning -delta as amount`;
    await burnCredits(tx, [{ userId: hold.user_id!, amount: taken?.amount ?? 0 }]);
  }
  await restoreKeySpend(
    tx,
    members.map((hold) => hold.request_id),
  );
  await tx`
    insert into tool_usage (user_id, visitor_ip, tool_name, used_credits, timestamp, request_id)
    select user_id, visitor_ip, tool, cost, created_at, request_id from holds
    where request_id = any(${holds.map((hold) => hold.request_id)}::uuid[])
    on conflict (request_id) do nothing`;
  return holds.map((hold) => hold.request_id);
}
