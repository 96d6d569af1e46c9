// Credits configuration: the kit's base variables plus hold/sweep timings and Paddle Billing settings,
// parsed once at start-up. Price ids are read from the env names contracts declare (PLAN_PRICE_ENV, server only).
import { CHARGED_WORK_MAX_MS, PAID_PLAN_IDS, type BillingCycle, type PaidPlanId } from '@act/contracts';
import { PLAN_PRICE_ENV } from '@act/contracts/server';
import { baseConfigSchema, configUrl, databaseConfigFields, loadConfig, z } from '@act/service-kit';

const PADDLE_API_URLS = {
  sandbox: 'https://sandbox-api.paddle.com',
  production: 'https://api.paddle.com',
} as const;

const optionalSecret = z.string().min(1).optional();

/** One credit pack for sale: its credits and its price in US cents (docs/product-rules.md#credit-packs). */
export interface PackConfig {
  id: string;
  credits: number;
  priceCents: number;
}

const PACK_ENTRY = /^(\d{1,6}):(\d{1,5})(?:\.(\d{1,2}))?$/;

/** `CREDIT_PACKS`: `credits:usd` entries separated by commas (`100:5,500:20,2000:70`), each pack id `pack-<credits>`. */
const creditPacksField = z
  .string()
  .default('100:5,500:20,2000:70')
  .transform((text, context) => {
    const packs: PackConfig[] = [];
    for (const entry of text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = PACK_ENTRY.exec(entry);
      const credits = Number(match?.[1] ?? 0);
      if (!match || credits < 1) {
        context.addIssue({
          code: 'custom',
          message: `"${entry}" is not credits:usd (e.g. 100:5 or 500:19.99)`,
        });
        return z.NEVER;
      }
      const cents = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
      packs.push({ id: `pack-${credits}`, credits, priceCents: cents });
    }
    if (new Set(packs.map((pack) => pack.id)).size !== packs.length) {
      context.addIssue({ code: 'custom', message: 'two packs have the same number of credits' });
      return z.NEVER;
    }
    return packs;
  });

/** `PADDLE_PRICE_PACKS`: `credits=pri_…` entries separated by commas, the Paddle price id of each pack. */
const packPricesField = z
  .string()
  .optional()
  .transform((text, context) => {
    const prices: Record<string, string> = {};
    for (const entry of (text ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^(\d{1,6})=(\S+)$/.exec(entry);
      if (!match) {
        context.addIssue({
          code: 'custom',
          message: `"${entry}" is not credits=price_id (e.g. 100=pri_01…)`,
        });
        return z.NEVER;
      }
      prices[`pack-${match[1]}`] = match[2]!;
    }
    return prices;
  });

export const creditsConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8102),
    ...databaseConfigFields,
    /** A hold still `held` after this long is expired and refunded (the tool service died mid-call). */
    HOLD_TTL_MS: z.coerce.number().int().min(1_000).default(600_000),
    SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
    /**
     * How often holds whose tool-service replica fell silent for its lease (CHARGE_LEASE_MS of that service) are
     * expired and refunded: a call that died with its replica frees the credits about lease + this after.
     */
    LEASE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(2_000),
    /** How often the periodic job applies due monthly resets and scheduled plan changes. */
    ACCOUNT_JOB_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
    /** Deliveries of one usage event before it goes to the dead-letter subject. */
    USAGE_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(5),
    /** How long credits has to apply one delivery of a usage event before JetStream delivers it again. */
    USAGE_ACK_WAIT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /**
     * Guest uses of each tool that all guests together may take per 24 hours; when spent, guests are asked to sign
     * up. The ceiling on what free trials can cost in provider calls, whatever addresses a caller rotates through.
     */
    GUEST_DAILY_BUDGET_PER_TOOL: z.coerce
      .number({ error: 'must be a whole number of guest uses per tool per day (0 turns guest trials off)' })
      .int('must be a whole number of guest uses per tool per day (0 turns guest trials off)')
      .min(0, 'must be 0 or more (0 turns guest trials off)')
      .default(500),
    PADDLE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    PADDLE_API_URL: configUrl(['http', 'https']).optional(),
    PADDLE_API_KEY: optionalSecret,
    PADDLE_WEBHOOK_SECRET: optionalSecret,
    PADDLE_CLIENT_TOKEN: optionalSecret,
    PADDLE_PRICE_PRO_MONTHLY: optionalSecret,
    PADDLE_PRICE_PRO_YEARLY: optionalSecret,
    PADDLE_PRICE_PREMIUM_MONTHLY: optionalSecret,
    PADDLE_PRICE_PREMIUM_YEARLY: optionalSecret,
    PADDLE_PRICE_ULTIMATE_MONTHLY: optionalSecret,
    PADDLE_PRICE_ULTIMATE_YEARLY: optionalSecret,
    CREDIT_PACKS: creditPacksField,
    PADDLE_PRICE_PACKS: packPricesField,
  })
  // A hold must outlive the longest charged work plus every redelivery of its outcome: a sweeper that expires it
  // sooner refunds a call whose success is still on its way (the late commit is then charged again, or a debt).
  .superRefine((config, context) => {
    const needed = minimumHoldTtlMs(config);
    if (config.HOLD_TTL_MS < needed) {
      context.addIssue({
        code: 'custom',
        path: ['HOLD_TTL_MS'],
        message:
          `must be at least ${needed} ms: the longest charged work (${CHARGED_WORK_MAX_MS} ms) plus ` +
          `USAGE_MAX_DELIVER (${config.USAGE_MAX_DELIVER}) × USAGE_ACK_WAIT_MS (${config.USAGE_ACK_WAIT_MS} ms), ` +
          'so a hold is never swept while its outcome can still arrive',
      });
    }
  })
  // The API URL follows the environment unless set explicitly (tests point it at a local server).
  .transform((config) => ({
    ...config,
    PADDLE_API_URL: config.PADDLE_API_URL ?? PADDLE_API_URLS[config.PADDLE_ENVIRONMENT],
  }));

export type CreditsConfig = z.infer<typeof creditsConfigSchema>;

/** The shortest hold lifetime that cannot expire a hold whose outcome is still on its way. */
export function minimumHoldTtlMs(config: { USAGE_MAX_DELIVER: number; USAGE_ACK_WAIT_MS: number }): number {
  return CHARGED_WORK_MAX_MS + config.USAGE_MAX_DELIVER * config.USAGE_ACK_WAIT_MS;
}

export function loadCreditsConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<CreditsConfig> {
  return loadConfig(creditsConfigSchema, env);
}

export type PriceIds = Record<PaidPlanId, Record<BillingCycle, string | null>>;

/** The configured Paddle price id of every paid plan and cycle (null when unset). */
export function priceIdsOf(config: CreditsConfig): PriceIds {
  const env = config as unknown as Record<string, string | undefined>;
  const entries = PAID_PLAN_IDS.map((planId) => {
    const names = PLAN_PRICE_ENV[planId];
    return [planId, { monthly: env[names.monthly] ?? null, yearly: env[names.yearly] ?? null }] as const;
  });
  return Object.fromEntries(entries) as PriceIds;
}

/** A pack for sale with its Paddle price id (null while unset: shown, but not yet for sale). */
export interface Pack extends PackConfig {
  priceId: string | null;
}

export function packsOf(config: CreditsConfig): Pack[] {
  return config.CREDIT_PACKS.map((pack) => ({
    ...pack,
    priceId: config.PADDLE_PRICE_PACKS[pack.id] ?? null,
  }));
}

/** Which plan and cycle a Paddle price id buys; undefined for a price we do not sell. */
export function planForPriceId(
  prices: PriceIds,
  priceId: string,
): { planId: PaidPlanId; cycle: BillingCycle } | undefined {
  for (const planId of PAID_PLAN_IDS) {
    for (const cycle of ['monthly', 'yearly'] as const) {
      if (prices[planId][cycle] === priceId) return { planId, cycle };
    }
  }
  return undefined;
}
