// Rate limits: per IP and per email, 429 with Retry-After, and shared counters in Redis when REDIS_URL is set.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError } from '@act/service-kit';
import {
  createAuthRateLimits,
  DEFAULT_RATE_LIMITS,
  scaleRateLimits,
  type AuthRateLimits,
  type RateLimitRules,
} from './rate-limits';

const rules: RateLimitRules = {
  perIp: { ...DEFAULT_RATE_LIMITS.perIp, password: { points: 5, durationSeconds: 60 } },
  perEmail: { ...DEFAULT_RATE_LIMITS.perEmail, password: { points: 2, durationSeconds: 60 } },
};

const opened: AuthRateLimits[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((limits) => limits.close()));
});

async function refusal(promise: Promise<void>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function behavesAsALimiter(make: () => AuthRateLimits) {
  it('limits one email across IPs and one IP across emails, answering 429 with Retry-After', async () => {
    const limits = make();
    opened.push(limits);
    const email = `${randomUUID()}@example.com`;
    await limits.consume('password', { ip: '192.0.2.1', email });
    await limits.consume('password', { ip: '192.0.2.2', email });
    const blocked = await refusal(limits.consume('password', { ip: '192.0.2.3', email }));
    expect(blocked).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: ERROR_TEXTS.server.rateLimited,
    });
    expect(Number(blocked.headers['Retry-After'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['Retry-After'])).toBeLessThanOrEqual(60);

    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i += 1)
      await limits.consume('password', { ip, email: `${randomUUID()}@example.com` });
    expect(
      (await refusal(limits.consume('password', { ip, email: `${randomUUID()}@example.com` }))).status,
    ).toBe(429);
  });

  it('forgets an email’s attempts after a successful sign-in', async () => {
    const limits = make();
    opened.push(limits);
    const email = `${randomUUID()}@example.com`;
    await limits.consume('password', { ip: '192.0.2.10', email });
    await limits.consume('password', { ip: '192.0.2.11', email });
    await limits.clearEmail('password', email);
    await expect(limits.consume('password', { ip: '192.0.2.12', email })).resolves.toBeUndefined();
  });
}

describe('in-memory rate limits', () => {
  behavesAsALimiter(() => createAuthRateLimits({ rules }));

  it('scales every limit for suites that sign up many users from one address', () => {
    const scaled = scaleRateLimits(DEFAULT_RATE_LIMITS, 10);
    expect(scaled.perIp.signup.points).toBe(DEFAULT_RATE_LIMITS.perIp.signup.points * 10);
    expect(scaled.perEmail.recover.durationSeconds).toBe(
      DEFAULT_RATE_LIMITS.perEmail.recover.durationSeconds,
    );
  });
});

// Redis is optional infrastructure: this runs where REDIS_URL is set (CI, and the dev machine with Redis up).
describe.runIf(process.env.REDIS_URL)('Redis rate limits', () => {
  behavesAsALimiter(() =>
    createAuthRateLimits({ rules, redisUrl: process.env.REDIS_URL, keyPrefix: `idn-test-${randomUUID()}` }),
  );

  it('shares counters between two replicas', async () => {
    const keyPrefix = `idn-test-${randomUUID()}`;
    const first = createAuthRateLimits({ rules, redisUrl: process.env.REDIS_URL, keyPrefix });
    const second = createAuthRateLimits({ rules, redisUrl: process.env.REDIS_URL, keyPrefix });
    opened.push(first, second);
    const email = `${randomUUID()}@example.com`;
    // Give both clients a moment to connect (without an offline queue, early commands use the memory fallback).
    await new Promise((resolve) => setTimeout(resolve, 200));
    await first.consume('password', { ip: '192.0.2.20', email });
    await second.consume('password', { ip: '192.0.2.21', email });
    expect((await refusal(first.consume('password', { ip: '192.0.2.22', email }))).status).toBe(429);
  });
});
