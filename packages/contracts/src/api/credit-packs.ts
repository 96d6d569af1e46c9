// Credit packs, the ledger and receipts (docs/product-rules.md#credit-packs, #ledger): the packs for sale, signed
// checkout data for one, the member's ledger (every movement with its running balance, filters, pages or CSV), a
// purchase's receipt and its refund.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { LIMITS } from '../limits';
import { ToolIdSchema } from '../tools';
import { successReply, TimestampSchema } from './common';
import { ApiKeyRefSchema } from './api-keys';
import { cursorPage, cursorQuery } from './pagination';

/** The rules of purchased credits (docs/product-rules.md#credit-packs), pinned by credit-packs.test.ts. */
export const CREDIT_PACK_RULES = {
  /** A purchase's credits expire this many months after it. */
  expiryMonths: 12,
  /** An unused pack may be refunded for this many days after its purchase. */
  refundDays: 3,
  /** Most movements one CSV export holds. */
  csvMaxRows: 10_000,
} as const;

/** Every text of packs, the ledger and receipts a member can read (ours: the specification has none of these). */
export const CREDIT_PACK_TEXTS = {
  errors: {
    loadPacks: 'Failed to load credit packs',
    packNotForSale: 'This credit pack is not for sale',
    startPurchase: 'Failed to start the purchase',
    loadLedger: 'Failed to load your credit history',
    loadReceipt: 'Failed to load the receipt',
    purchaseNotFound: 'Purchase not found',
    refundUsed: 'Only an unused credit pack can be refunded',
    refundTooLate: 'A credit pack can be refunded only within 3 days of its purchase',
    refundNotActive: 'This credit pack has already been refunded or has expired',
    refundFailed: 'Failed to refund the credit pack. Please try again.',
    refundInProgress: 'A refund for this pack is already in progress.',
    refundRefused:
      'Paddle did not accept the refund of this credit pack. Its credits are back in your balance.',
    exportFailed: 'Failed to export your credit history',
  },
  packs: {
    title: 'Credit packs',
    description:
      'One-time credits on top of your plan. They are kept when your plan credits reset and expire 12 months after purchase; your plan credits are always spent first.',
    buy: 'Buy',
  },
  split: {
    plan: 'Plan credits',
    purchased: 'Purchased credits',
  },
  ledger: {
    title: 'Credit history',
    columns: { date: 'Date', movement: 'Movement', credits: 'Credits', balance: 'Balance' },
    chartTitle: 'Credits spent per day',
    period: 'Period',
    periods: { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', all: 'All time' },
    exportCsv: 'Export CSV',
    empty: 'No credit movements in this period.',
    receipt: 'Receipt',
    kinds: {
      tool_use: 'Tool use',
      refund: 'Refund',
      plan_grant: 'Plan credits',
      reset: 'Monthly reset',
      top_up: 'Credit pack',
      top_up_refund: 'Pack refunded',
      top_up_refund_undone: 'Pack refund declined',
      top_up_expiry: 'Pack expired',
      // Written by support (a grant or a claw-back, with its reason) and by a redeemed code.
      support: 'Support',
      redeem: 'Code redeemed',
    },
  },
  receipt: {
    title: 'Receipt',
    transaction: 'Paddle transaction',
    date: 'Date',
    item: 'Item',
    amount: 'Amount paid',
    expires: 'Credits expire',
    status: 'Status',
    statuses: { active: 'Paid', refunding: 'Refund in progress', refunded: 'Refunded', expired: 'Expired' },
    print: 'Print',
    refund: 'Refund this pack',
    refundConfirm:
      'Refund this credit pack? Its credits leave your balance now and the payment is returned to you by Paddle.',
    refunded: 'The credit pack was refunded.',
    refundPending:
      'Your refund is being processed. The credits stay out of your balance until Paddle confirms it; if Paddle declines it, they come back.',
    back: 'Back to credit history',
  },
} as const;

/** '100 credits pack'. */
export function packName(credits: number): string {
  return `${credits.toLocaleString('en-US')} credits pack`;
}

/** `pack-<credits>`, as credits' configuration names its packs. */
export const PackIdSchema = z.string().regex(/^pack-\d{1,6}$/);

export const CreditPackSchema = z.object({
  id: PackIdSchema,
  credits: z.number().int().positive(),
  /** US cents. */
  priceCents: z.number().int().nonnegative(),
  /** Paddle's price id; null while the operator has not set it (the pack shows but cannot be bought). */
  priceId: z.string().nullable(),
});
export type CreditPack = z.infer<typeof CreditPackSchema>;
export const CreditPacksReplySchema = successReply({ packs: z.array(CreditPackSchema) });
export type CreditPacksReply = z.infer<typeof CreditPacksReplySchema>;

export const PackCheckoutRequestSchema = z.object({ packId: PackIdSchema });
export type PackCheckoutRequest = z.infer<typeof PackCheckoutRequestSchema>;

/** Passthrough data of a pack checkout: the member's id signed by credits, as for plans. */
export const PackCheckoutCustomDataSchema = z.object({
  user_id: z.uuid(),
  pack_id: PackIdSchema,
  signature: z.string().min(1),
});
export type PackCheckoutCustomData = z.infer<typeof PackCheckoutCustomDataSchema>;
export const PackCheckoutReplySchema = successReply({ custom_data: PackCheckoutCustomDataSchema });
export type PackCheckoutReply = z.infer<typeof PackCheckoutReplySchema>;

/**
 * What moved the balance: a tool use (charged when it starts), its refund when it failed, the plan's grant (sign-up,
 * plan change), the monthly reset, a pack bought, a pack refunded, a pack expired, or a grant from support.
 */
export const LEDGER_KINDS = [
  'tool_use',
  'refund',
  'plan_grant',
  'reset',
  'top_up',
  'top_up_refund',
  // Paddle declined a pack's refund: its credits came back.
  'top_up_refund_undone',
  'top_up_expiry',
  'support',
  'redeem',
] as const;
export const LedgerKindSchema = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

export const LedgerEntrySchema = z.object({
  id: z.string(),
  at: TimestampSchema,
  kind: LedgerKindSchema,
  /** Signed: negative when credits left the balance. */
  delta: z.number().int(),
  /** The balance right after this movement. */
  balance: z.number().int(),
  /** The tool of a use and its refund; null otherwise. */
  tool: ToolIdSchema.nullable(),
  /** The purchase (receipt) of a top-up, its refund or expiry; null otherwise. */
  purchaseId: z.string().nullable(),
  /** The personal API key a use (and its refund) was made with, by its name when it was used; null otherwise. */
  apiKey: ApiKeyRefSchema.nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** Credits spent on one tool on one UTC day (uses minus their refunds), for the chart. */
export const LedgerDaySchema = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  tool: ToolIdSchema,
  credits: z.number().int(),
});
export type LedgerDay = z.infer<typeof LedgerDaySchema>;

export const LEDGER_FORMATS = ['json', 'csv'] as const;

export const LedgerQuerySchema = cursorQuery({
  pageSize: LIMITS.usageHistoryPageSize,
  maxPageSize: LIMITS.usageHistoryMaxPageSize,
}).extend({
  tool: ToolIdSchema.optional(),
  /** Movements at or after this instant. */
  from: TimestampSchema.optional(),
  /** Movements before this instant. */
  to: TimestampSchema.optional(),
  /** `csv`: every movement the filters match (up to CREDIT_PACK_RULES.csvMaxRows) as a text/csv attachment. */
  format: z.enum(LEDGER_FORMATS).default('json'),
});
export type LedgerQuery = z.input<typeof LedgerQuerySchema>;

export const LedgerReplySchema = cursorPage(LedgerEntrySchema, 'entries').extend({
  /** Credits per day and tool over the filtered period; sent with the first page only (empty on later ones). */
  days: z.array(LedgerDaySchema),
});
export type LedgerReply = z.infer<typeof LedgerReplySchema>;

/** `refunding`: the member asked for a refund that Paddle has not settled yet (its credits are out of the balance). */
export const PurchaseStatusSchema = z.enum(['active', 'refunding', 'refunded', 'expired']);

/** One pack purchase as its receipt shows it. */
export const PurchaseSchema = z.object({
  id: z.string(),
  /** Paddle's transaction id (txn_…). */
  transactionId: z.string(),
  packId: z.string(),
  credits: z.number().int(),
  /** Credits of it not yet spent. */
  remaining: z.number().int(),
  /** What was paid, in minor units (cents) of `currency`. */
  amountMinor: z.number().int(),
  currency: z.string(),
  status: PurchaseStatusSchema,
  purchasedAt: TimestampSchema,
  expiresAt: TimestampSchema,
  /** Whether the member may still ask for their money back (unused, within the refund window). */
  refundable: z.boolean(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;
export const PurchaseReplySchema = successReply({ purchase: PurchaseSchema });
export type PurchaseReply = z.infer<typeof PurchaseReplySchema>;
export const PurchasesReplySchema = successReply({ purchases: z.array(PurchaseSchema) });
export type PurchasesReply = z.infer<typeof PurchasesReplySchema>;

export const PurchaseParamsSchema = z.object({ id: z.uuid() });

/** Credit packs, ledger and receipts; all under /api/credits, so in the credits OpenAPI document. */
export const CREDIT_PACK_ENDPOINTS = {
  packs: endpoint({
    method: 'GET',
    path: '/api/credits/packs',
    access: 'public',
    reply: CreditPacksReplySchema,
  }),
  /** Signed custom data for a pack's Paddle checkout. */
  packCheckout: endpoint({
    method: 'POST',
    path: '/api/credits/packs/checkout',
    access: 'member',
    request: PackCheckoutRequestSchema,
    reply: PackCheckoutReplySchema,
  }),
  /** JSON pages by default; `format=csv` answers a text/csv attachment (no JSON schema for it). */
  ledger: endpoint({
    method: 'GET',
    path: '/api/credits/ledger',
    access: 'member',
    request: LedgerQuerySchema,
    reply: LedgerReplySchema,
  }),
  purchases: endpoint({
    method: 'GET',
    path: '/api/credits/purchases',
    access: 'member',
    reply: PurchasesReplySchema,
  }),
  purchase: endpoint({
    method: 'GET',
    path: '/api/credits/purchases/:id',
    access: 'member',
    params: PurchaseParamsSchema,
    reply: PurchaseReplySchema,
  }),
  /** Refunds an unused pack within the refund window (docs/product-rules.md#credit-packs). */
  refundPurchase: endpoint({
    method: 'POST',
    path: '/api/credits/purchases/:id/refund',
    access: 'member',
    params: PurchaseParamsSchema,
    reply: PurchaseReplySchema,
  }),
} as const;

/** '$4.99' for 499 cents. */
export function formatUsdCents(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}
