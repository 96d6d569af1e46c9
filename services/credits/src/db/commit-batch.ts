// The usage consumer's commit batch as ONE statement (one round trip, its own implicit transaction): the
// settlement, the tool_usage rows, the parts that paid, and whether a usage notice fell due
// (docs/performance.md#the-commit-batch). What needs more than one statement (late commits, raising a notice with
// its outbox event) runs afterwards in a transaction of its own, only for the batches that need it.
import type { Db } from '@act/service-kit';
import {
  settlementInput,
  toSettleResult,
  type SettleInput,
  type SettleResult,
  type SettleRow,
} from './holds';
import type { PlanAllowance } from './credit-controls';

export interface CommitBatch {
  /** Per event, in the order the rows came back (callers match them by event id). */
  results: SettleResult[];
  /** Request ids whose member's spending has crossed a usage-notice line not raised yet this period. */
  noticeDue: string[];
}

/**
 * Commits a batch of holds: records each event id, moves each hold held → committed (only from held: a hold that
 * expired or was released stays so, nothing is charged again), writes its tool_usage row and takes the committed
 * costs from the members' parts, plan first, then purchases oldest first (burn_credits_batch, as burnCredits; it runs
 * after the holds' update, whose rows it reads, and locks the accounts in user-id order). It raises no notice: it
 * only says which members have one due (their hold committed now or by an earlier delivery of the same event, so a
 * batch redelivered after a crash still raises it). Event ids must be distinct within the batch.
 */
export async function commitHolds(
  db: Db,
  events: readonly SettleInput[],
  allowances: readonly PlanAllowance[],
  now: Date,
): Promise<CommitBatch> {
  const rows = await db<(SettleRow & { request_id: string; notice_due: boolean })[]>`
    with ${settlementInput(db, events, now)}, settled as (
      update holds set status = 'committed', settled_at = ${now}
      from input join recorded using (event_id)
      where holds.request_id = input.request_id and holds.status = 'held'
      returning holds.request_id, holds.user_id, holds.visitor_ip, holds.tool, holds.cost, holds.created_at
    ), usage as (
      insert into tool_usage (user_id, visitor_ip, tool_name, used_credits, timestamp, request_id)
      select user_id, visitor_ip, tool, cost, created_at, request_id from settled
      on conflict (request_id) do nothing
    ), burned as (
      -- One row always (an aggregate), joined below so that it runs.
      select count(burn_credits_batch(members, amounts)) as calls from (
        select array_agg(user_id order by user_id) as members, array_agg(cost order by user_id) as amounts
        from settled where user_id is not null and cost > 0
      ) burn where members is not null
    ), allowance as (
      select * from unnest(${allowances.map((a) => a.plan)}::text[], ${allowances.map((a) => a.credits)}::int[])
        as allowance(plan, credits)
    ), members as (
      select distinct prior.user_id from prior left join settled using (request_id)
      where prior.user_id is not null and (settled.request_id is not null or prior.status = 'committed')
    ), due as (
      -- The line test of raiseUsageNotices, read-only: most batches cross no line and need nothing more.
      select distinct a.user_id from accounts a
      join members using (user_id)
      join allowance on allowance.plan = a.plan
      cross join (values (80), (100)) as t(threshold)
      where allowance.credits > 0 and a.period_spent * 100 >= t.threshold * allowance.credits
        and not exists (
          select 1 from credit_notices n
          where n.user_id = a.user_id and n.threshold = t.threshold and n.period_start = a.last_credit_reset
        )
    )
    select input.event_id, input.request_id,
      input.event_id in (select event_id from recorded) as fresh,
      settled.request_id is not null as applied,
      prior.status as prior_status,
      coalesce(prior.user_id in (select user_id from due), false) as notice_due
    from input left join prior using (request_id) left join settled using (request_id)
      cross join burned`;
  return {
    results: rows.map(toSettleResult),
    noticeDue: rows.filter((row) => row.notice_due).map((row) => row.request_id),
  };
}
