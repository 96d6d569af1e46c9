// The invariants of the credit controls, asserted after their tests next to the money invariants: a code never used
// more than its max_uses, its use count equal to its redemptions, one 'redeem' ledger row per redemption, one
// 'support' ledger row per grant or claw-back in the audit (and none without one).
import type { Sql } from '@act/service-kit';
import { expect } from 'vitest';

export async function expectCreditControlsInvariants(sql: Sql): Promise<void> {
  const badCodes = await sql`
    select c.code, c.uses, c.max_uses, count(r.user_id)::int as redemptions
    from redemption_codes c left join redemptions r using (code)
    group by c.code, c.uses, c.max_uses
    having c.uses <> count(r.user_id) or c.uses > c.max_uses`;
  expect(badCodes, 'codes whose uses differ from their redemptions or exceed max_uses').toEqual([]);

  const badRedeems = await sql`
    select r.code, r.user_id, count(l.id)::int as ledger_rows
    from redemptions r left join ledger l
      on l.user_id = r.user_id and l.reason = 'redeem' and l.idempotency_key = 'redeem:' || r.code || ':' || r.user_id
    group by r.code, r.user_id
    having count(l.id) <> 1`;
  expect(badRedeems, 'redemptions without exactly one ledger row').toEqual([]);

  const strayRedeems = await sql`
    select l.id from ledger l
    where l.reason = 'redeem'
      and not exists (select 1 from redemptions r
                      where l.idempotency_key = 'redeem:' || r.code || ':' || r.user_id)`;
  expect(strayRedeems, "'redeem' ledger rows without a redemption").toEqual([]);

  const badSupport = await sql`
    select s.id, s.action, s.credits, l.delta
    from support_actions s left join ledger l on l.idempotency_key = 'support:' || s.id::text
    where s.action in ('grant', 'claw_back')
      and (l.id is null or l.delta <> case when s.action = 'grant' then s.credits else -s.credits end)`;
  expect(badSupport, 'support actions without their ledger row').toEqual([]);

  const straySupport = await sql`
    select l.id from ledger l
    where l.reason = 'support'
      and not exists (select 1 from support_actions s where l.idempotency_key = 'support:' || s.id::text)`;
  expect(straySupport, "'support' ledger rows without an audit row").toEqual([]);
}
