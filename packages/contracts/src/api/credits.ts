// Credits and billing contracts (docs/product-rules.md#endpoints): current balance, usage history, plans, payment
// config, plan change and cancel.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { BillingCycleSchema, PaidPlanIdSchema, PlanIdSchema } from '../plans';
import { ToolIdSchema } from '../tools';
import { LIMITS } from '../limits';
import { successReply, TimestampSchema } from './common';
import { ApiKeyRefSchema } from './api-keys';
import { cursorPage, cursorQuery } from './pagination';

/** The member's account as credits sees it. */
export const MeSchema = z.object({
  plan: PlanIdSchema,
  /** The spendable balance: plan_credits + purchased_credits. */
  credits: z.number().int().nonnegative(),
  /** The part of it from the plan (reset monthly, spent first; docs/product-rules.md#credit-packs). */
  plan_credits: z.number().int().nonnegative(),
  /** The part of it from purchased credit packs (kept across resets, expiring 12 months after purchase). */
  purchased_credits: z.number().int().nonnegative(),
  last_credit_reset: TimestampSchema,
  has_subscription: z.boolean(),
  /**
   * The payment provider's subscription id, shown so the cancel action can name it (docs/product-rules.md#endpoints);
   * null without one.
   */
  subscription_id: z.string().nullable(),
  /** A plan change waiting for the end of the paid period (a downgrade, or free after a cancellation); else null. */
  scheduled_plan: PlanIdSchema.nullable(),
  /** When scheduled_plan takes effect; null without one. */
  scheduled_change_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
});
export type Me = z.infer<typeof MeSchema>;
export const MeReplySchema = successReply({ me: MeSchema });
export type MeReply = z.infer<typeof MeReplySchema>;

export const UsageHistoryEntrySchema = z.object({
  id: z.string(),
  /** Hyphenated tool id; shown title-cased. */
  tool_name: z.string(),
  used_credits: z.number().int().nonnegative(),
  timestamp: TimestampSchema,
  /** The personal API key the use was made with (its name then); null for uses from the app. */
  api_key: ApiKeyRefSchema.nullable(),
});
export type UsageHistoryEntry = z.infer<typeof UsageHistoryEntrySchema>;

export const UsageHistoryQuerySchema = cursorQuery({
  pageSize: LIMITS.usageHistoryPageSize,
  maxPageSize: LIMITS.usageHistoryMaxPageSize,
}).extend({ tool: ToolIdSchema.optional() });
export type UsageHistoryQuery = z.infer<typeof UsageHistoryQuerySchema>;

export const UsageHistoryReplySchema = cursorPage(UsageHistoryEntrySchema, 'history');
export type UsageHistoryReply = z.infer<typeof UsageHistoryReplySchema>;

/** A plan as sent to browsers (the env names of price ids stay on the server). */
export const PublicPlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  rank: z.number().int(),
  monthlyCredits: z.number().int(),
  creditsLabel: z.string(),
  monthlyPrice: z.number(),
  yearlyPrice: z.number(),
  yearlySaving: z.number(),
  features: z.array(z.string()),
  popular: z.boolean(),
  badgeColor: z.enum(['gray', 'blue', 'purple', 'amber']),
});
export type PublicPlan = z.infer<typeof PublicPlanSchema>;
export const PlansReplySchema = successReply({ plans: z.array(PublicPlanSchema) });
export type PlansReply = z.infer<typeof PlansReplySchema>;

export const PaymentEnvironmentSchema = z.enum(['sandbox', 'production']);
export type PaymentEnvironment = z.infer<typeof PaymentEnvironmentSchema>;

const PriceIdsSchema = z.object({ monthly: z.string().nullable(), yearly: z.string().nullable() });

/** What the browser needs to open Paddle checkout. clientToken and prices are null when billing is not configured. */
export const BillingConfigSchema = z.object({
  environment: PaymentEnvironmentSchema,
  clientToken: z.string().nullable(),
  prices: z.record(PaidPlanIdSchema, PriceIdsSchema),
});
export type BillingConfig = z.infer<typeof BillingConfigSchema>;
export const BillingConfigReplySchema = successReply({ config: BillingConfigSchema });
export type BillingConfigReply = z.infer<typeof BillingConfigReplySchema>;

/**
 * Passthrough data attached to a checkout (docs/product-rules.md#endpoints) so the webhook can credit the right
 * account. Credits hands it out (POST checkout) with `signature` over user_id: the webhook believes a user id only
 * with it, since anything else in a checkout can be set by the buyer's browser.
 */
export const CheckoutCustomDataSchema = z.object({
  user_id: z.uuid(),
  plan: PaidPlanIdSchema,
  billing_cycle: BillingCycleSchema,
  signature: z.string().min(1),
});
export type CheckoutCustomData = z.infer<typeof CheckoutCustomDataSchema>;

/**
 * The cancel call (docs/product-rules.md#endpoints) sends subscription_id; the server cancels only the caller's own
 * subscription, so the field is optional and must match the account's when present.
 */
export const CancelSubscriptionRequestSchema = z.object({
  subscription_id: z.string().min(1).max(128).optional(),
});
export type CancelSubscriptionRequest = z.infer<typeof CancelSubscriptionRequestSchema>;
export const CancelSubscriptionReplySchema = successReply({});
export type CancelSubscriptionReply = z.infer<typeof CancelSubscriptionReplySchema>;

/** Moves the caller's own existing subscription to another paid plan (never a second subscription). */
export const ChangePlanRequestSchema = z.object({
  plan: PaidPlanIdSchema,
  billing_cycle: BillingCycleSchema,
});
export type ChangePlanRequest = z.infer<typeof ChangePlanRequestSchema>;

/** The plan and cycle a member without a subscription is about to buy through Paddle checkout. */
export const CheckoutRequestSchema = ChangePlanRequestSchema;
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
export const CheckoutReplySchema = successReply({ custom_data: CheckoutCustomDataSchema });
export type CheckoutReply = z.infer<typeof CheckoutReplySchema>;

/**
 * An upgrade applies at once, as soon as the payment provider confirms it (effectiveAt null); a downgrade waits for
 * the end of the paid billing period (effectiveAt).
 */
export const ChangePlanReplySchema = successReply({
  change: z.enum(['upgrade', 'downgrade']),
  effectiveAt: TimestampSchema.nullable(),
});
export type ChangePlanReply = z.infer<typeof ChangePlanReplySchema>;

/** The credits and billing endpoints (docs/product-rules.md#endpoints). */
export const CREDITS_ENDPOINTS = {
  me: endpoint({ method: 'GET', path: '/api/credits/me', access: 'member', reply: MeReplySchema }),
  history: endpoint({
    method: 'GET',
    path: '/api/credits/tool-usage-history',
    access: 'member',
    request: UsageHistoryQuerySchema,
    reply: UsageHistoryReplySchema,
  }),
  plans: endpoint({ method: 'GET', path: '/api/credits/plans', access: 'public', reply: PlansReplySchema }),
  billingConfig: endpoint({
    method: 'GET',
    path: '/api/billing/config',
    access: 'public',
    reply: BillingConfigReplySchema,
  }),
  /** The payment provider calls it; credits verifies its signature over the raw body instead of a token. */
  webhook: endpoint({
    method: 'POST',
    path: '/api/billing/webhook',
    access: 'public',
    bodyLimit: 'webhook',
    rawBody: true,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/billing/cancel',
    access: 'member',
    request: CancelSubscriptionRequestSchema,
    reply: CancelSubscriptionReplySchema,
  }),
  /** Moves the member's existing subscription to another plan. */
  changePlan: endpoint({
    method: 'POST',
    path: '/api/billing/change-plan',
    access: 'member',
    request: ChangePlanRequestSchema,
    reply: ChangePlanReplySchema,
  }),
  /** Custom data (the member's id, signed by credits) for a new Paddle checkout. */
  checkout: endpoint({
    method: 'POST',
    path: '/api/billing/checkout',
    access: 'member',
    request: CheckoutRequestSchema,
    reply: CheckoutReplySchema,
  }),
} as const;
