// The usage consumer's commit batch as ONE statement (one round trip, its own implicit transaction): the
// settlement, the tool_usage rows, the parts that paid, and the usage notices it raises with their outbox events
// (docs/performance.md#the-commit-batch). Late commits run afterwards in a transaction of their own, only for the
// batches that have some.
import { NoticeRaisedEventSchema, type NoticeRaisedEvent } from '@act/contracts/server';
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
  /** Usage notices raised (their outbox rows are written: trigger the relay once this resolves). */
  raised: number;
}

/**
 * The `credits.notice.raised` payloads the statement wrote, checked against the contract's NoticeRaisedEventSchema.
 * The SQL builds them with jsonb_build_object, a twin of the schema; the statement hands back what it wrote in the
 * same round trip (issue 44 keeps the batch one statement, so no code runs between building and writing) and any
 * drift fails the batch loudly here, in every test that raises a notice, rather than in identity's consumer.
 */
export function raisedEventsOf(payloads: readonly unknown[]): NoticeRaisedEvent[] {
  return payloads.map((payload) => {
    const parsed = NoticeRaisedEventSchema.safeParse(payload);
    if (!parsed.success) {
      throw new Error(
        `commit batch wrote a credits.notice.raised payload its schema refuses: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  });
}

/** Where the raised notices' `credits.notice.raised` events go: the plans' allowances and the events' subject. */
export interface NoticeTarget {
  allowances: readonly PlanAllowance[];
  subject: string;
}

/**
 * Commits a batch of holds: records each event id, moves each hold held → committed (only from held: a hold that
 * expired or was released stays so, nothing is charged again), writes its tool_usage row and takes the committed
 * costs from the members' parts, plan first, then purchases oldest first (burn_credits_batch, as burnCredits; it runs
 * after the holds' update, whose rows it reads, and locks the accounts in user-id order). Then it raises the usage
 * notices of the members whose holds it committed, as raiseUsageNotices does, each with its outbox row (the kit's
 * jetstream_outbox, the row Outbox.enqueue writes, its payload a NoticeRaisedEvent): a notice and its event exist
 * exactly when the commit that crossed the line does. Event ids must be distinct within the batch.
 */
export async function commitHolds(
  db: Db,
  events: readonly SettleInput[],
  notice: NoticeTarget,
  now: Date,
): Promise<CommitBatch> {
  const rows = await db<(SettleRow & { payloads: unknown[] })[]>`
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
    ), ${raisedNotices(db, notice, now)}
    select input.event_id,
      input.event_id in (select event_id from recorded) as fresh,
      settled.request_id is not null as applied,
      prior.status as prior_status,
      (select coalesce(jsonb_agg(payload), '[]'::jsonb) from outboxed) as payloads
    from input left join prior using (request_id) left join settled using (request_id)
      cross join burned`;
  return { results: rows.map(toSettleResult), raised: raisedEventsOf(rows[0]?.payloads ?? []).length };
}

/**
 * The notices the settled holds' members crossed (80 % and 100 % of the plan's credits, once per period), and their
 * events' outbox rows. The accounts are read as the statement found them: a commit moves no balance or spending
 * (the reserve did), so that is what the line is tested against.
 */
function raisedNotices(db: Db, { allowances, subject }: NoticeTarget, now: Date) {
  return db`
    allowance as (
      select * from unnest(${allowances.map((a) => a.plan)}::text[], ${allowances.map((a) => a.credits)}::int[])
        as allowance(plan, credits)
    ), raised as (
      insert into credit_notices (user_id, threshold, period_start, balance_at, created_at)
      select a.user_id, t.threshold, a.last_credit_reset, a.credits, ${now}
      from accounts a
      join (select distinct user_id from settled where user_id is not null) members using (user_id)
      join allowance on allowance.plan = a.plan
      cross join (values (80), (100)) as t(threshold)
      where allowance.credits > 0 and a.period_spent * 100 >= t.threshold * allowance.credits
      on conflict (user_id, threshold, period_start) do nothing
      returning id, user_id, threshold, period_start
    ), outboxed as (
      insert into jetstream_outbox (msg_id, subject, payload, headers)
      select 'notice:' || r.id, ${subject}, jsonb_build_object(
          'noticeId', r.id::text, 'userId', r.user_id, 'threshold', r.threshold,
          'periodStart', to_char(r.period_start at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'allowance', allowance.credits, 'spent', a.period_spent)
        , null
      from raised r join accounts a using (user_id) join allowance on allowance.plan = a.plan
      on conflict (msg_id) do nothing
      returning payload
    )`;
}
