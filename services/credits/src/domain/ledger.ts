// The member's ledger view (docs/product-rules.md#ledger): every movement of the balance with the balance after it,
// filtered by tool and period, newest first in pages (an opaque cursor on the ledger id), with the credits spent per
// day and tool for the chart on the first page; or all of it as CSV.
import {
  CREDIT_PACK_RULES,
  CREDIT_PACK_TEXTS,
  ERROR_TEXTS,
  ErrorCode,
  type LedgerDay,
  type LedgerEntry,
  type LedgerKind,
  type LedgerQuerySchema,
} from '@act/contracts';
import { AppError } from '@act/service-kit';
import type { z } from 'zod';
import type { CreditsStore } from '../db/credits-store';
import type { LedgerFilter, LedgerRow } from '../db/ledger';

type LedgerQuery = z.output<typeof LedgerQuerySchema>;

const KIND_OF_REASON: Readonly<Record<string, LedgerKind>> = {
  charge: 'tool_use',
  late_charge: 'tool_use',
  refund: 'refund',
  expiry_refund: 'refund',
  grant: 'plan_grant',
  plan_change: 'plan_grant',
  monthly_reset: 'reset',
  top_up: 'top_up',
  top_up_refund: 'top_up_refund',
  top_up_refund_undone: 'top_up_refund_undone',
  top_up_expiry: 'top_up_expiry',
  support: 'support',
  redeem: 'redeem',
};

/** What a ledger reason means to the member. The table's check constraint admits only the reasons above. */
export function ledgerKindOf(reason: string): LedgerKind {
  const kind = KIND_OF_REASON[reason];
  if (!kind) throw new Error(`ledger reason '${reason}' has no kind: add it to KIND_OF_REASON`);
  return kind;
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: ledgerKindOf(row.reason),
    delta: row.delta,
    balance: row.balance,
    tool: row.tool,
    purchaseId: row.grant_id,
    apiKey: apiKeyOf(row),
  };
}

/** The key a use was made with, as its hold names it (docs/architecture.md#personal-api-keys). */
export function apiKeyOf(row: { api_key_id: string | null; api_key_name: string | null }) {
  return row.api_key_id ? { id: row.api_key_id, name: row.api_key_name ?? '' } : null;
}

const CURSOR = /^\d{1,19}$/;

function encodeLedgerCursor(id: string): string {
  return Buffer.from(`ledger:${id}`).toString('base64url');
}

/** The id a cursor from encodeLedgerCursor names; anything else is a 400 on `cursor`. */
function decodeLedgerCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith('ledger:') ? text.slice('ledger:'.length) : '';
  if (!CURSOR.test(id)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.invalidRequest, {
      details: { field: 'cursor' },
    });
  }
  return id;
}

function filterOf(userId: string, query: LedgerQuery): LedgerFilter {
  return {
    userId,
    ...(query.tool ? { tool: query.tool } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
  };
}

export interface LedgerPage {
  entries: LedgerEntry[];
  nextCursor: string | null;
  days: LedgerDay[];
}

export async function listLedger(
  store: CreditsStore,
  userId: string,
  query: LedgerQuery,
): Promise<LedgerPage> {
  const filter = filterOf(userId, query);
  const beforeId = query.cursor ? decodeLedgerCursor(query.cursor) : undefined;
  const [rows, days] = await Promise.all([
    store.ledgerPage({ ...filter, limit: query.limit + 1, ...(beforeId ? { beforeId } : {}) }),
    beforeId ? Promise.resolve([]) : store.ledgerDays(filter),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > query.limit && last ? encodeLedgerCursor(last.id) : null,
    days,
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = ['date', 'type', 'tool', 'credits', 'balance', 'purchase_id', 'api_key'];

/** Every movement the filters match, newest first, as CSV with a header row (at most CREDIT_PACK_RULES.csvMaxRows). */
export async function ledgerCsv(store: CreditsStore, userId: string, query: LedgerQuery): Promise<string> {
  const rows = await store.ledgerPage({ ...filterOf(userId, query), limit: CREDIT_PACK_RULES.csvMaxRows });
  const kinds = CREDIT_PACK_TEXTS.ledger.kinds;
  const lines = rows.map((row) =>
    [
      row.at.toISOString(),
      kinds[ledgerKindOf(row.reason)],
      row.tool ?? '',
      row.delta,
      row.balance,
      row.grant_id ?? '',
      row.api_key_name ?? '',
    ]
      .map(csvField)
      .join(','),
  );
  return `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}
