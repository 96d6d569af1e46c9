// Per-IP and per-email limits on sign-up, sign-in, refresh, recovery and verification, so passwords cannot be
// guessed and mailboxes cannot be flooded. Counters live in Redis when REDIS_URL is set (shared by replicas), with
// an in-memory fallback if Redis fails; in memory otherwise. Email addresses are hashed before they become keys.
import {
  consumeOrRefuse,
  createRateLimitStore,
  type LimitRule,
  type RateLimiterAbstract,
} from '@act/service-kit';
import { counterKey } from './secrets';

export type { LimitRule };

export type LimitedAction = 'signup' | 'password' | 'refresh' | 'recover' | 'verify';

export interface RateLimitRules {
  perIp: Record<LimitedAction, LimitRule>;
  /** Only actions that name an account have a per-email limit. */
  perEmail: Record<'signup' | 'password' | 'recover', LimitRule>;
}

export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  perIp: {
    signup: { points: 20, durationSeconds: 3600 },
    password: { points: 50, durationSeconds: 900 },
    refresh: { points: 300, durationSeconds: 300 },
    recover: { points: 10, durationSeconds: 3600 },
    verify: { points: 30, durationSeconds: 900 },
  },
  perEmail: {
    signup: { points: 5, durationSeconds: 3600 },
    // Ten guesses per account per 15 minutes; a successful sign-in clears the count.
    password: { points: 10, durationSeconds: 900 },
    recover: { points: 3, durationSeconds: 3600 },
  },
};

export function scaleRateLimits(rules: RateLimitRules, multiplier: number): RateLimitRules {
  const scale = <K extends string>(group: Record<K, LimitRule>) =>
    Object.fromEntries(
      Object.entries<LimitRule>(group).map(([action, rule]) => [
        action,
        { ...rule, points: Math.ceil(rule.points * multiplier) },
      ]),
    ) as Record<K, LimitRule>;
  return { perIp: scale(rules.perIp), perEmail: scale(rules.perEmail) };
}

export interface AuthRateLimits {
  /** Counts one attempt; throws 429 (with Retry-After) when the IP or the email is over its limit. */
  consume(action: LimitedAction, subject: { ip: string | undefined; email?: string }): Promise<void>;
  /** Forgets an email's failed sign-ins after a successful one. */
  clearEmail(action: 'password', email: string): Promise<void>;
  close(): Promise<void>;
}

export function createAuthRateLimits(options: {
  rules?: RateLimitRules;
  redisUrl?: string;
  keyPrefix?: string;
}): AuthRateLimits {
  const { rules = DEFAULT_RATE_LIMITS, redisUrl, keyPrefix = 'idn' } = options;
  const store = createRateLimitStore({ redisUrl });
  const build = (name: string, rule: LimitRule): RateLimiterAbstract =>
    store.limiter(`${keyPrefix}:${name}`, rule);
  const byIp = Object.fromEntries(
    Object.entries(rules.perIp).map(([action, rule]) => [action, build(`ip:${action}`, rule)]),
  ) as Record<LimitedAction, RateLimiterAbstract>;
  const byEmail = Object.fromEntries(
    Object.entries(rules.perEmail).map(([action, rule]) => [action, build(`email:${action}`, rule)]),
  ) as Partial<Record<LimitedAction, RateLimiterAbstract>>;

  return {
    async consume(action, { ip, email }) {
      // Behind the gateway the IP is always set; a direct caller without one shares a single bucket.
      await consumeOrRefuse(byIp[action], ip ?? 'unknown');
      const emailLimiter = byEmail[action];
      if (emailLimiter && email !== undefined) await consumeOrRefuse(emailLimiter, counterKey(email));
    },
    async clearEmail(action, email) {
      await byEmail[action]?.delete(counterKey(email));
    },
    close: () => store.close(),
  };
}
