// Per-IP and per-email limits on sign-up, sign-in, refresh, recovery and verification, so passwords cannot be
// guessed and mailboxes cannot be flooded. Password attempts are counted per (email, IP) first: a stranger guessing
// from one address stops long before the account's own, softer cap, so they cannot lock the owner out. Counters live in Redis when REDIS_URL is set (shared by replicas), with
// an in-memory fallback if Redis fails; in memory otherwise. Email addresses are hashed before they become keys.
import {
  consumeOrRefuse,
  createRateLimitStore,
  type LimitRule,
  type RateLimiterAbstract,
  type RateLimitStore,
} from '@act/service-kit';
import { counterKey } from './secrets';

export type { LimitRule };

export type LimitedAction = 'signup' | 'password' | 'refresh' | 'recover' | 'verify';

export interface RateLimitRules {
  perIp: Record<LimitedAction, LimitRule>;
  /** Only actions that name an account have a per-email limit. */
  perEmail: Record<'signup' | 'password' | 'recover', LimitRule>;
  /** Password guesses at one account from one address: the tight limit. */
  perEmailAndIp: Record<'password', LimitRule>;
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
    // The account-wide fuse against guessing spread over many addresses: soft enough that one address (which stops
    // at perEmailAndIp) cannot reach it, so the owner still signs in from their own.
    password: { points: 100, durationSeconds: 900 },
    recover: { points: 3, durationSeconds: 3600 },
  },
  perEmailAndIp: {
    // Ten guesses per account and address per 15 minutes; a successful sign-in from that address clears the count.
    password: { points: 10, durationSeconds: 900 },
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
  return {
    perIp: scale(rules.perIp),
    perEmail: scale(rules.perEmail),
    perEmailAndIp: scale(rules.perEmailAndIp),
  };
}

export interface AuthRateLimits {
  /** Counts one attempt; throws 429 (with Retry-After) when the IP or the email is over its limit. */
  consume(action: LimitedAction, subject: { ip: string | undefined; email?: string }): Promise<void>;
  /** After a successful sign-in: forgets the attempts from that address, and gives the account-wide count one back. */
  clearAttempts(action: 'password', subject: { ip: string | undefined; email: string }): Promise<void>;
  /** Whether the shared counters are reachable, waiting up to `withinMs` (RateLimitStore.connected). */
  connected: RateLimitStore['connected'];
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
  const byEmailAndIp = Object.fromEntries(
    Object.entries(rules.perEmailAndIp).map(([action, rule]) => [action, build(`email-ip:${action}`, rule)]),
  ) as Partial<Record<LimitedAction, RateLimiterAbstract>>;
  // Behind the gateway the IP is always set; a direct caller without one shares a single bucket.
  const pairKey = (email: string, ip: string | undefined) => counterKey(`${email}|${ip ?? 'unknown'}`);

  return {
    async consume(action, { ip, email }) {
      await consumeOrRefuse(byIp[action], ip ?? 'unknown');
      if (email === undefined) return;
      // The pair first: a stranger who ran out of guesses does not also eat into the account-wide count.
      const pairLimiter = byEmailAndIp[action];
      if (pairLimiter) await consumeOrRefuse(pairLimiter, pairKey(email, ip));
      const emailLimiter = byEmail[action];
      if (emailLimiter) await consumeOrRefuse(emailLimiter, counterKey(email));
    },
    async clearAttempts(action, { ip, email }) {
      await byEmailAndIp[action]?.delete(pairKey(email, ip));
      // Only the owner's own attempt is given back: clearing the account-wide count would hand a guesser on another
      // address a fresh allowance every time the owner signs in.
      await byEmail[action]?.reward(counterKey(email), 1);
    },
    connected: (withinMs) => store.connected(withinMs),
    close: () => store.close(),
  };
}
