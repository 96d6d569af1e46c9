// The member's credit controls and the support console (docs/charges.md#spend-cap-and-usage-notices,
// docs/charges.md#redemption-codes, docs/security.md#support-role): the monthly spending cap, the 80 % / 100 % usage
// notices, redeeming a code, and the support console's API under /api/credits/support/ (the `support` role only).
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PlanIdSchema } from '../plans';
import { successReply, TimestampSchema } from './common';
import { LedgerKindSchema } from './credit-packs';

/** Texts of these features (errors the server sends, and what the pages show). */
export const CREDIT_CONTROLS_TEXTS = {
  /** A charge refused because it would take the month's spending past the member's own cap. */
  spendCapReached: (cap: number) =>
    `This would go over your monthly spending cap of ${cap.toLocaleString('en-US')} credits. Change the cap in your account.`,
  notice: {
    80: 'You have used 80% of this month’s credits.',
    100: 'You have used all of this month’s credits.',
    dismiss: 'Dismiss',
  },
  /** The e-mail identity sends for a notice when mail is configured (docs/charges.md#spend-cap-and-usage-notices). */
  noticeEmail: {
    subject: {
      80: 'You have used 80% of this month’s credits',
      100: 'You have used all of this month’s credits',
    },
    body: (notice: { threshold: 80 | 100; spent: number; allowance: number; accountUrl: string }) =>
      [
        notice.threshold === 100
          ? 'You have used all of this month’s credits in your AI Creative Toolbox plan.'
          : 'You have used 80% of this month’s credits in your AI Creative Toolbox plan.',
        `Spent this month: ${notice.spent.toLocaleString('en-US')} of ${notice.allowance.toLocaleString('en-US')} credits.`,
        '',
        'Your account page shows your balance and usage:',
        notice.accountUrl,
        '',
        'There you can set a monthly spending cap (tool uses past it are refused), buy a credit pack, or change your',
        'plan for a larger monthly allowance. Your credits renew at the start of your next monthly period.',
      ].join('\n'),
  },
  spendCap: {
    title: 'Monthly spending cap',
    label: 'Cap (credits per month)',
    help: 'Tool uses that would take this month’s spending past the cap are refused. Leave empty for no cap.',
    save: 'Save cap',
    clear: 'Remove cap',
    none: 'No cap',
    spent: (spent: number) => `Spent this month: ${spent.toLocaleString('en-US')} credits`,
    saved: 'Spending cap saved',
    cleared: 'Spending cap removed',
  },
  redeem: {
    title: 'Redeem a code',
    label: 'Code',
    submit: 'Redeem',
    redeemed: (credits: number) => `${credits.toLocaleString('en-US')} credits added to your balance`,
    /** Every refusal but the member's own second try: unknown, used up and expired read alike (nothing to tell apart). */
    invalid: 'This code is not valid, or it has expired or been used up.',
    alreadyRedeemed: 'You have already redeemed this code.',
    /** After too many codes that did not work (per member and per address, docs/product-rules.md#redemption-codes). */
    tooManyWrongCodes: 'Too many codes that did not work. Please try again in an hour.',
  },
  support: {
    title: 'Support console',
    findLabel: 'Member e-mail',
    find: 'Find member',
    notFound: 'No member with this e-mail.',
    plan: 'Plan',
    balance: 'Balance',
    monthlyAllowance: 'Monthly allowance',
    spentThisPeriod: 'Spent this period',
    monthlyCap: 'Monthly cap',
    ledger: 'Ledger',
    failures: 'Recent failures',
    noFailures: 'No failed tool uses recently.',
    adjustTitle: 'Grant or claw back credits',
    amount: 'Credits',
    grant: 'Grant',
    clawBack: 'Claw back',
    reason: 'Reason (required)',
    applied: 'Done: the member’s balance is updated.',
    clawBackTooLarge: (balance: number) =>
      `The member has only ${balance.toLocaleString('en-US')} credits: a claw-back cannot take more than the balance.`,
    codesTitle: 'Create a redemption code',
    codeCredits: 'Credits per redemption',
    codeMaxUses: 'Maximum uses',
    codeExpiresAt: 'Expires on',
    createCode: 'Create code',
    codeExists: 'A code with this text already exists.',
    codeHelp: 'Leave empty to have a code made for you.',
    codeRule:
      'A code needs at least 10 letters and digits, without 0, 1, I, L, O or U (dashes may separate them). Leave it empty to have one made for you.',
    codeExpiresInPast: 'The expiry date must be in the future.',
    codeCreated: (code: string) => `Code ${code} created`,
    forbidden: 'This page is for the support team.',
  },
} as const;

/** Largest single amount (credits) a cap, a code or a support adjustment may name. */
export const MAX_CREDIT_AMOUNT = 1_000_000;
const CreditAmountSchema = z.number().int().min(1).max(MAX_CREDIT_AMOUNT);

export const SpendCapSchema = z.object({
  /** Credits the member lets tools take per monthly period; null: no cap. */
  monthlyCap: CreditAmountSchema.nullable(),
  /** Credits charged (and not refunded) since the period started. */
  spentThisPeriod: z.number().int().nonnegative(),
});
export type SpendCap = z.infer<typeof SpendCapSchema>;
export const SpendCapRequestSchema = z.object({ monthlyCap: CreditAmountSchema.nullable() });
export type SpendCapRequest = z.infer<typeof SpendCapRequestSchema>;
export const SpendCapReplySchema = successReply({ spendCap: SpendCapSchema });
export type SpendCapReply = z.infer<typeof SpendCapReplySchema>;

export const UsageThresholdSchema = z.union([z.literal(80), z.literal(100)]);
export type UsageThreshold = z.infer<typeof UsageThresholdSchema>;

/** A usage notice: raised once per monthly period and threshold, shown until dismissed, reset or topped up. */
export const CreditNoticeSchema = z.object({
  id: z.string(),
  threshold: UsageThresholdSchema,
  text: z.string(),
  at: TimestampSchema,
});
export type CreditNotice = z.infer<typeof CreditNoticeSchema>;
export const NoticesReplySchema = successReply({ notices: z.array(CreditNoticeSchema) });
export type NoticesReply = z.infer<typeof NoticesReplySchema>;
export const NoticeParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * What a member may type to redeem: any code support ever made, including the short ones made before the rule below
 * (they stay redeemable until they expire or are used up; wrong guesses are limited, docs/product-rules.md).
 * Codes are case-insensitive: stored and compared upper-case.
 */
export const RedemptionCodeSchema = z
  .string()
  .trim()
  .min(4)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, { error: () => CREDIT_CONTROLS_TEXTS.redeem.invalid })
  .transform((code) => code.toUpperCase());

/** Wrong codes a member, or an address, may try in an hour before redeeming answers 429 (successes do not count). */
export const REDEEM_WRONG_CODES_PER_HOUR = 10;

/** The letters and digits of new codes: no 0/O, 1/I/L or U, which read alike or spell words. */
export const CREATE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Fewest alphabet characters in a new code: 30^10 ≈ 6·10^14 codes, beyond guessing at 10 wrong ones an hour. */
export const CREATE_CODE_MIN_LENGTH = 10;
const NEW_CODE = new RegExp(`^-*(?:[${CREATE_CODE_ALPHABET}]-*){${CREATE_CODE_MIN_LENGTH},}$`);

/** A new code support names; blank (or left out) asks the server to make one. */
export const NewRedemptionCodeSchema = z
  .string()
  .trim()
  .max(40, { error: () => CREDIT_CONTROLS_TEXTS.support.codeRule })
  .transform((code) => code.toUpperCase())
  .refine((code) => code === '' || NEW_CODE.test(code), {
    error: () => CREDIT_CONTROLS_TEXTS.support.codeRule,
  })
  .optional()
  .transform((code) => (code ? code : undefined));
export const RedeemRequestSchema = z.object({ code: RedemptionCodeSchema });
export type RedeemRequest = z.infer<typeof RedeemRequestSchema>;
export const RedeemReplySchema = successReply({
  credits: z.number().int().positive(),
  balance: z.number().int().nonnegative(),
});
export type RedeemReply = z.infer<typeof RedeemReplySchema>;

// --- Support console ---

export const SupportMemberQuerySchema = z.object({ email: z.string().trim().toLowerCase().min(3).max(320) });
export const SupportLedgerEntrySchema = z.object({
  id: z.string(),
  /** What the movement was, as the member's ledger names it. */
  kind: LedgerKindSchema,
  delta: z.number().int(),
  at: TimestampSchema,
  /** For support rows: who did it and why. */
  note: z.string().nullable(),
});
export type SupportLedgerEntry = z.infer<typeof SupportLedgerEntrySchema>;
export const SupportFailureSchema = z.object({
  requestId: z.string(),
  tool: z.string(),
  cost: z.number().int(),
  /** released: the tool failed and refunded; expired: it never reported and the sweeper refunded. */
  status: z.enum(['released', 'expired']),
  at: TimestampSchema,
});
export const SupportMemberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  plan: PlanIdSchema,
  balance: z.number().int().nonnegative(),
  /** The balance's split, as the member's account page shows it (docs/product-rules.md#credit-packs). */
  planCredits: z.number().int().nonnegative(),
  purchasedCredits: z.number().int().nonnegative(),
  /** The plan's monthly allowance, which the plan part is reset to each period. */
  monthlyAllowance: z.number().int().nonnegative(),
  spentThisPeriod: z.number().int(),
  monthlyCap: z.number().int().nullable(),
  lastCreditReset: TimestampSchema,
  ledger: z.array(SupportLedgerEntrySchema),
  failures: z.array(SupportFailureSchema),
});
export type SupportMember = z.infer<typeof SupportMemberSchema>;
export const SupportMemberReplySchema = successReply({ member: SupportMemberSchema });
export type SupportMemberReply = z.infer<typeof SupportMemberReplySchema>;

export const SupportAdjustmentRequestSchema = z.object({
  /** Chosen by the console per action: a retried request is applied once. */
  actionId: z.uuid(),
  userId: z.uuid(),
  direction: z.enum(['grant', 'claw_back']),
  credits: CreditAmountSchema,
  reason: z.string().trim().min(3, 'A reason is required').max(500),
});
export type SupportAdjustmentRequest = z.infer<typeof SupportAdjustmentRequestSchema>;
export const SupportAdjustmentReplySchema = successReply({ balance: z.number().int().nonnegative() });
export type SupportAdjustmentReply = z.infer<typeof SupportAdjustmentReplySchema>;

export const CreateCodeRequestSchema = z.object({
  code: NewRedemptionCodeSchema,
  credits: CreditAmountSchema,
  maxUses: z.number().int().min(1).max(1_000_000),
  expiresAt: TimestampSchema,
  reason: z.string().trim().min(3, 'A reason is required').max(500),
});
export type CreateCodeRequest = z.infer<typeof CreateCodeRequestSchema>;
export const CreateCodeReplySchema = successReply({ code: z.string() });
export type CreateCodeReply = z.infer<typeof CreateCodeReplySchema>;

export const CREDIT_CONTROLS_ENDPOINTS = {
  getSpendCap: endpoint({
    method: 'GET',
    path: '/api/credits/spend-cap',
    access: 'member',
    reply: SpendCapReplySchema,
  }),
  setSpendCap: endpoint({
    method: 'PUT',
    path: '/api/credits/spend-cap',
    access: 'member',
    request: SpendCapRequestSchema,
    reply: SpendCapReplySchema,
  }),
  notices: endpoint({
    method: 'GET',
    path: '/api/credits/notices',
    access: 'member',
    reply: NoticesReplySchema,
  }),
  dismissNotice: endpoint({
    method: 'POST',
    path: '/api/credits/notices/:id/dismiss',
    access: 'member',
    params: NoticeParamsSchema,
    reply: successReply({}),
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/api/credits/redeem',
    access: 'member',
    request: RedeemRequestSchema,
    reply: RedeemReplySchema,
  }),
  supportMember: endpoint({
    method: 'GET',
    path: '/api/credits/support/member',
    access: 'support',
    request: SupportMemberQuerySchema,
    reply: SupportMemberReplySchema,
  }),
  supportAdjust: endpoint({
    method: 'POST',
    path: '/api/credits/support/adjustments',
    access: 'support',
    request: SupportAdjustmentRequestSchema,
    reply: SupportAdjustmentReplySchema,
  }),
  supportCreateCode: endpoint({
    method: 'POST',
    path: '/api/credits/support/codes',
    access: 'support',
    request: CreateCodeRequestSchema,
    reply: CreateCodeReplySchema,
  }),
} as const;
