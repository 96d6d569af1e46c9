// The member's ledger as the account page shows it: each movement with the balance right after it (a running sum
// over the member's whole ledger, so a filter never changes a balance), newest first, paged by ledger id; and the
// credits spent per day and tool for the chart.
import type { ToolId } from '@act/contracts';
import type { Db } from '@act/service-kit';

export interface LedgerRow {
  id: string;
  at: Date;
  reason: string;
  delta: number;
  balance: number;
  tool: ToolId | null;
  grant_id: string | null;
  /** The personal API key of a use and its refund (from its hold); null otherwise. */
  api_key_id: string | null;
  api_key_name: string | null;
}

export interface LedgerFilter {
  userId: string;
  tool?: ToolId;
  from?: Date;
  to?: Date;
}

export interface LedgerPageQuery extends LedgerFilter {
  limit: number;
  /** Only movements with a smaller id (the last row of the previous page). */
  beforeId?: string;
}

// Holds are joined for the tool of a use or refund. Their index is the primary key on request_id.
export async function selectLedgerPage(db: Db, query: LedgerPageQuery): Promise<LedgerRow[]> {
  return db<LedgerRow[]>`
    select l.id::text as id, l.at, l.reason, l.delta, l.balance::int as balance, h.tool, l.grant_id,
      h.api_key_id, h.api_key_name
    from (
      select id, at, reason, delta, request_id, grant_id, sum(delta) over (order by id) as balance
      from ledger where user_id = ${query.userId}
    ) l
    left join holds h on h.request_id = l.request_id
    where true
      ${query.tool ? db`and h.tool = ${query.tool}` : db``}
      ${query.from ? db`and l.at >= ${query.from}` : db``}
      ${query.to ? db`and l.at < ${query.to}` : db``}
      ${query.beforeId ? db`and l.id < ${query.beforeId}::bigint` : db``}
    order by l.id desc
    limit ${query.limit}`;
}

export interface LedgerDayRow {
  day: string;
  tool: ToolId;
  credits: number;
}

/** Credits spent per UTC day and tool: uses minus their refunds, days and tools in order. */
export async function selectLedgerDays(db: Db, filter: LedgerFilter): Promise<LedgerDayRow[]> {
  return db<LedgerDayRow[]>`
    select to_char(l.at at time zone 'UTC', 'YYYY-MM-DD') as day, h.tool, (-sum(l.delta))::int as credits
    from ledger l join holds h on h.request_id = l.request_id
    where l.user_id = ${filter.userId}
      and l.reason in ('charge', 'late_charge', 'refund', 'expiry_refund')
      ${filter.tool ? db`and h.tool = ${filter.tool}` : db``}
      ${filter.from ? db`and l.at >= ${filter.from}` : db``}
      ${filter.to ? db`and l.at < ${filter.to}` : db``}
    group by 1, 2
    order by 1, 2`;
}
