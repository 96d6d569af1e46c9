// Credits' part of a member's data export (docs/architecture.md#data-export): the balance and plan, the whole
// ledger, the credit-pack purchases and their refunds, the redeemed codes and the tool uses, the member's rows only.
import type { MemberExportPart } from '@act/contracts/server';
import { exportRow, exportRows, type Sql } from '@act/service-kit';

export async function collectCreditsExport(sql: Sql, userId: string): Promise<MemberExportPart> {
  const [account] = await sql`
    select plan, credits, plan_credits, monthly_cap, period_spent, subscription_status, scheduled_plan,
      scheduled_action, scheduled_change_at, last_credit_reset, next_credit_reset, created_at
    from accounts where user_id = ${userId}`;
  const ledger = await sql`
    select id::text, delta, reason, request_id, debt, grant_id, at
    from ledger where user_id = ${userId} order by at, id`;
  const purchases = await sql`
    select id, pack_id, credits, remaining, amount_minor, currency, status, purchased_at, expires_at, settled_at
    from credit_grants where user_id = ${userId} order by purchased_at`;
  const refunds = await sql`
    select grant_id, credits, status, requested_at, settled_at
    from pack_refunds where user_id = ${userId} order by requested_at`;
  const redemptions = await sql`select code, at from redemptions where user_id = ${userId} order by at`;
  const usage = await sql`
    select tool_name, used_credits, timestamp, request_id
    from tool_usage where user_id = ${userId} order by timestamp`;
  return {
    documents: [
      { path: 'credits/account.json', data: account ? exportRow(account) : null },
      { path: 'credits/ledger.json', data: exportRows(ledger) },
      {
        path: 'credits/purchases.json',
        data: {
          purchases: exportRows(purchases),
          refunds: exportRows(refunds),
          redemptions: exportRows(redemptions),
        },
      },
      { path: 'credits/usage.json', data: exportRows(usage) },
    ],
    files: [],
  };
}
