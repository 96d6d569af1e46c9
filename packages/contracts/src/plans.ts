// The plan catalogue (docs/product-rules.md#screens, #costs-and-limits) and the upgrade/downgrade rule.
import { z } from 'zod';

export const PLAN_IDS = ['free', 'pro', 'premium', 'ultimate'] as const;
export const PlanIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanIdSchema>;

export const PAID_PLAN_IDS = ['pro', 'premium', 'ultimate'] as const satisfies readonly PlanId[];
export const PaidPlanIdSchema = z.enum(PAID_PLAN_IDS);
export type PaidPlanId = z.infer<typeof PaidPlanIdSchema>;

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export const BillingCycleSchema = z.enum(BILLING_CYCLES);
export type BillingCycle = z.infer<typeof BillingCycleSchema>;

export interface Plan {
  id: PlanId;
  name: string;
  /** Ordering for Upgrade/Downgrade buttons. */
  rank: number;
  /** Credits granted at each monthly reset; no carry-over. */
  monthlyCredits: number;
  creditsLabel: string;
  /** USD. */
  monthlyPrice: number;
  /** USD. */
  yearlyPrice: number;
  /** USD saved per year on the yearly price: monthlyPrice * 12 - yearlyPrice. */
  yearlySaving: number;
  features: readonly string[];
  /** 'Most Popular' badge. */
  popular: boolean;
  /** Plan badge colour key (docs/product-rules.md#roles: plans differ in badge colour). */
  badgeColor: 'gray' | 'blue' | 'purple' | 'amber';
}

// docs/product-rules.md#costs-and-limits: free has all tools, basic support, monthly reset and community access; paid
// plans add priority support and advanced features.
const FREE_FEATURES = [
  'Access to all tools',
  'Basic support',
  'Monthly credit reset',
  'Community access',
] as const;
const PAID_FEATURES = [
  'Access to all tools',
  'Priority support',
  'Advanced features',
  'Monthly credit reset',
  'Community access',
] as const;

function plan(p: Omit<Plan, 'yearlySaving'>): Plan {
  return { ...p, yearlySaving: p.monthlyPrice * 12 - p.yearlyPrice };
}

export const PLANS: readonly Plan[] = [
  plan({
    id: 'free',
    name: 'Free',
    rank: 0,
    monthlyCredits: 50,
    creditsLabel: '50 credits per month',
    monthlyPrice: 0,
    yearlyPrice: 0,
    features: FREE_FEATURES,
    popular: false,
    badgeColor: 'gray',
  }),
  plan({
    id: 'pro',
    name: 'Pro',
    rank: 1,
    monthlyCredits: 500,
    creditsLabel: '500 credits per month',
    monthlyPrice: 9,
    yearlyPrice: 99,
    features: PAID_FEATURES,
    popular: false,
    badgeColor: 'blue',
  }),
  plan({
    id: 'premium',
    name: 'Premium',
    rank: 2,
    monthlyCredits: 1500,
    creditsLabel: '1,500 credits per month',
    monthlyPrice: 25,
    yearlyPrice: 275,
    features: PAID_FEATURES,
    popular: true,
    badgeColor: 'purple',
  }),
  plan({
    id: 'ultimate',
    name: 'Ultimate',
    rank: 3,
    monthlyCredits: 5000,
    creditsLabel: '5,000 credits per month',
    monthlyPrice: 75,
    yearlyPrice: 825,
    features: PAID_FEATURES,
    popular: false,
    badgeColor: 'amber',
  }),
];

const PLANS_BY_ID: ReadonlyMap<string, Plan> = new Map(PLANS.map((p) => [p.id, p]));

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && PLANS_BY_ID.has(value);
}

export function getPlan(id: PlanId): Plan;
export function getPlan(id: string): Plan | undefined;
export function getPlan(id: string): Plan | undefined {
  return PLANS_BY_ID.get(id);
}

/** Price of a plan in a billing cycle, USD. */
export function planPrice(id: PlanId, cycle: BillingCycle): number {
  const p = getPlan(id);
  return cycle === 'monthly' ? p.monthlyPrice : p.yearlyPrice;
}

export type PlanAction = 'upgrade' | 'downgrade' | 'current' | 'select';

/**
 * What the plan card button does for a member on `currentPlanId` (docs/product-rules.md#screens): Upgrade to a higher
 * rank, Downgrade to a lower one, Current Plan (disabled) for the same; a member with no matching plan may select
 * any.
 */
export function planAction(currentPlanId: string | null | undefined, targetPlanId: PlanId): PlanAction {
  const current = currentPlanId ? getPlan(currentPlanId) : undefined;
  if (!current) return 'select';
  const target = getPlan(targetPlanId);
  if (target.rank > current.rank) return 'upgrade';
  if (target.rank < current.rank) return 'downgrade';
  return 'current';
}
