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
  perEmail: { ...DEFAULT_RATE_LIMITS.perEmail, password: { points: 4, durationSeconds: 60 } },
  perEmailAndIp: { password: { points: 2, durationSeconds: 60 } },
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
  it('stops one address guessing at an account with 429 and Retry-After, yet the owner signs in from theirs', async () => {
    const limits = make();
    opened.push(limits);
    const email = `${randomUUID()}@example.com`;
    await limits.consume('password', { ip: '192.0.2.1', email });
    await limits.consume('password', { ip: '192.0.2.1', email });
    const blocked = await refusal(limits.consume('password', { ip: '192.0.2.1', email }));
    expect(blocked).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: ERROR_TEXTS.server.rateLimited,
    });
    expect(Number(blocked.headers['Retry-After'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['Retry-After'])).toBeLessThanOrEqual(60);
    // The stranger keeps trying; the owner, on another address, is not locked out.
    await refusal(limits.consume('password', { ip: '192.0.2.1', email }));
    await expect(limits.consume('password', { ip: '203.0.113.9', email })).resolves.toBeUndefined();
  });

  it('caps guessing spread over many addresses with the softer account-wide limit', async () => {
    const limits = make();
    opened.push(limits);
    const email = `${randomUUID()}@example.com`;
    for (let i = 1; i <= 4; i += 1) await limits.consume('password', { ip: `192.0.2.${i}`, email });
    expect((await refusal(limits.consume('password', { ip: '192.0.2.5', email }))).status).toBe(429);
  });

  it('limits one IP across emails', async () => {
    const limits = make();
    opened.push(limits);
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i += 1)
      await limits.consume('password', { ip, email: `${randomUUID()}@example.com` });
    expect(
      (await refusal(limits.consume('password', { ip, email: `${randomUUID()}@example.com` }))).status,
    ).toBe(429);
  });

  it('forgets the attempts from an address after a successful sign-in there', async () => {
    const limits = make();
    opened.push(limits);
    const email = `${randomUUID()}@example.com`;
    await limits.consume('password', { ip: '192.0.2.10', email });
    await limits.consume('password', { ip: '192.0.2.10', email });
    await limits.clearAttempts('password', { ip: '192.0.2.10', email });
    await expect(limits.consume('password', { ip: '192.0.2.10', email })).resolves.toBeUndefined();
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
    // Without an offline queue, commands sent before a client connects count in its memory fallback.
    await Promise.all([first.connected(), second.connected()]);
    await first.consume('password', { ip: '192.0.2.20', email });
    await second.consume('password', { ip: '192.0.2.20', email });
    expect((await refusal(first.consume('password', { ip: '192.0.2.20', email }))).status).toBe(429);
  });
});
