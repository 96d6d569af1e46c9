// The money invariants, asserted after every credits test: no negative balance, every balance equals the sum of its
// ledger deltas, every member hold charged exactly once (a void tombstone never; a hold committed after it expired
// once more, as a late charge after its expiry refund) and refunded exactly when released or expired, and a
// tool_usage row for exactly the committed holds; the balance made of its parts (plan + purchased − held), and each
// credit pack credited once and, while refunding or refunded, taken back once (net of refunds Paddle declined), with
// exactly one open refund per refunding pack.
import type { Sql } from '@act/service-kit';
import { expect } from 'vitest';

export async function expectMoneyInvariants(sql: Sql): Promise<void> {
  const negative = await sql`select user_id, credits from accounts where credits < 0`;
  expect(negative, 'accounts with a negative balance').toEqual([]);

  const unbalanced = await sql`
    select a.user_id, a.credits, coalesce(sum(l.delta), 0)::int as ledger_sum
    from accounts a left join ledger l on l.user_id = a.user_id
    group by a.user_id, a.credits
    having a.credits <> coalesce(sum(l.delta), 0)`;
  expect(unbalanced, 'accounts whose balance differs from the ledger sum').toEqual([]);

  const unsplit = await sql`
    select a.user_id, a.credits, a.plan_credits,
      coalesce((select sum(remaining) from credit_grants g where g.user_id = a.user_id), 0)::int as purchased,
      coalesce((select sum(cost) from holds h where h.user_id = a.user_id and h.status = 'held'), 0)::int as held
    from accounts a
    where a.credits <> a.plan_credits
      + coalesce((select sum(remaining) from credit_grants g where g.user_id = a.user_id), 0)
      - coalesce((select sum(cost) from holds h where h.user_id = a.user_id and h.status = 'held'), 0)`;
  expect(unsplit, 'accounts whose balance is not plan + purchased − held').toEqual([]);

  const badGrants = await sql`
    select g.id, g.status, g.credits, g.remaining,
      count(*) filter (where l.reason = 'top_up')::int as top_ups,
      coalesce(sum(l.delta) filter (where l.reason = 'top_up'), 0)::int as credited,
      count(*) filter (where l.reason = 'top_up_refund')::int as refunds,
      count(*) filter (where l.reason = 'top_up_refund_undone')::int as undone,
      (select count(*) from pack_refunds r where r.grant_id = g.id and r.status = 'requested')::int as open
    from credit_grants g left join ledger l on l.grant_id = g.id
    group by g.id, g.status, g.credits, g.remaining
    having count(*) filter (where l.reason = 'top_up') <> 1
      or coalesce(sum(l.delta) filter (where l.reason = 'top_up'), 0) <> g.credits
      or count(*) filter (where l.reason = 'top_up_refund')
         - count(*) filter (where l.reason = 'top_up_refund_undone')
         <> (case when g.status in ('refunding', 'refunded') then 1 else 0 end)
      or (select count(*) from pack_refunds r where r.grant_id = g.id and r.status = 'requested')
         <> (case when g.status = 'refunding' then 1 else 0 end)`;
  expect(badGrants, 'credit packs not credited exactly once or refunded wrongly').toEqual([]);

  const orphanLedger =
    await sql`select l.id from ledger l left join accounts a using (user_id) where a.user_id is null`;
  expect(orphanLedger, 'ledger rows without an account').toEqual([]);

  const badHolds = await sql`
    select h.request_id, h.status, h.cost,
      count(*) filter (where l.reason = 'charge')::int as charges,
      count(*) filter (where l.reason in ('refund', 'expiry_refund'))::int as refunds,
      count(*) filter (where l.reason = 'late_charge')::int as late_charges
    from holds h left join ledger l on l.request_id = h.request_id
    where h.user_id is not null
    group by h.request_id, h.status, h.cost
    having count(*) filter (where l.reason = 'charge') <> (case when h.status = 'void' then 0 else 1 end)
      or count(*) filter (where l.reason = 'late_charge') > 1
      or count(*) filter (where l.reason = 'late_charge' and h.status <> 'committed') > 0
      or count(*) filter (where l.reason in ('refund', 'expiry_refund'))
         <> (case
               when h.status in ('released', 'expired') and h.cost > 0 then 1
               when count(*) filter (where l.reason = 'late_charge') = 1 then 1
               else 0
             end)`;
  expect(badHolds, 'member holds not charged once or refunded wrongly').toEqual([]);

  const badUsage = await sql`
    select h.request_id, h.status, count(u.id)::int as usage_rows
    from holds h left join tool_usage u on u.request_id = h.request_id
    group by h.request_id, h.status
    having count(u.id) <> (case when h.status = 'committed' then 1 else 0 end)`;
  expect(badUsage, 'holds whose tool_usage rows do not match their status').toEqual([]);

  // A personal API key's spend this period is what its uses of this period hold or were charged
  // (docs/architecture.md#personal-api-keys): what its limit is tested against.
  const badKeySpend = await sql`
    select s.key_id, s.spent,
      coalesce(sum(h.cost) filter (where h.status in ('held', 'committed')), 0)::int as used
    from api_key_spend s join accounts a using (user_id)
    left join holds h on h.api_key_id = s.key_id and h.created_at >= a.last_credit_reset
    where s.period_start = a.last_credit_reset
    group by s.key_id, s.spent
    having s.spent <> coalesce(sum(h.cost) filter (where h.status in ('held', 'committed')), 0)`;
  expect(badKeySpend, 'API keys whose spend this period differs from their uses').toEqual([]);
}
