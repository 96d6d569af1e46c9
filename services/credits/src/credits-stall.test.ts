// A stalled credits process (SIGSTOP) while charged calls run, as a tool service sees it: every call fails with a
// 503, and after credits resumes no failed call is ever charged, neither at once nor after it catches up with the
// reserves and releases that waited for it. The real credits service runs as a child process.
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@act/contracts';
import { connectNats, createCreditsClient, runChargedTool, type NatsConnection } from '@act/service-kit';
import {
  startCreditsProcess,
  startTestJwks,
  testNatsUrl,
  type OwnCreditsProcess,
  type TestJwks,
} from '@act/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let jwks: TestJwks;
let credits: OwnCreditsProcess;
let nc: NatsConnection;

beforeAll(async () => {
  jwks = await startTestJwks();
  credits = await startCreditsProcess({ jwksUrl: jwks.url });
  nc = await connectNats({ url: testNatsUrl(), name: 'stall-test' });
}, 90_000);
afterAll(async () => {
  await nc?.close();
  await credits?.stop();
  await jwks?.close();
}, 30_000);

describe('credits stalled while calls run', () => {
  it('charges none of the calls that failed, at any time after it resumes', async () => {
    const userId = randomUUID();
    const token = await jwks.tokenFor(userId);
    expect(await credits.balanceOf(token)).toBe(50);
    const client = createCreditsClient({ nc, namespace: credits.namespace, timeoutMs: 500 });

    credits.pause();
    let outcomes: unknown[];
    try {
      outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          runChargedTool(client, { tool: 'magic-enhance', userId }, async () => 'a prompt').catch(
            (error: unknown) => error,
          ),
        ),
      );
    } finally {
      credits.resume();
    }
    for (const outcome of outcomes) expect(outcome).toMatchObject({ code: ErrorCode.SERVICE_UNAVAILABLE });

    // Credits now meets the late reserves and the releases in whatever order they come: watch the balance while
    // it catches up. Before the fix, the late reserves debited the member until the sweeper refunded them.
    const seen = new Set<number>();
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      seen.add(await credits.balanceOf(token));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...seen]).toEqual([50]);
    expect(await credits.historyOf(token)).toEqual([]);

    // Credits works normally again.
    const fresh = createCreditsClient({ nc, namespace: credits.namespace, timeoutMs: 5_000 });
    const done = await runChargedTool(fresh, { tool: 'magic-enhance', userId }, async () => 'a prompt');
    expect(done.remainingCredits).toBe(49);
  }, 60_000);
});
