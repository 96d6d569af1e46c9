// A replica that dies mid-call (issue 22, D4; docs/charges.md "A replica that dies"): the image service as deployed,
// main.ts in its own process, is killed with SIGKILL while two text-to-image calls wait on fal. Its holds carry the
// replica's lease, which nobody renews any more, so credits refunds them seconds later instead of after the hold
// TTL: the member's "try again" on the restarted service succeeds, and the money adds up (balance = Σ ledger, no hold
// left held).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@act/service-kit';
import {
  callJson,
  createTestDatabase,
  runServices,
  startChildService,
  testObjectStoreEnv,
  type ChildService,
  type CreditsProcess,
  type RunServices,
  type TestDatabase,
  type TestJwks,
} from '@act/service-kit/testing';
import { startFakeFal, type FakeFal } from './test-support/fake-fal';

let jwks: TestJwks;
let credits: CreditsProcess;
let serviceEnv: RunServices['serviceEnv'];
let fal: FakeFal;
let db: TestDatabase;

beforeAll(async () => {
  ({ jwks, credits, serviceEnv } = await runServices());
  fal = await startFakeFal();
  db = await createTestDatabase('image_replica_death');
}, 90_000);

afterAll(async () => {
  await db?.drop();
  await fal?.close();
}, 30_000);

function startImage(): Promise<ChildService> {
  return startChildService('services/image', {
    DATABASE_URL: db.url,
    ...serviceEnv,
    ...testObjectStoreEnv(),
    FAL_KEY: 'fal-replica-death',
    FAL_BASE_URL: fal.baseUrl,
    FAL_POLL_INTERVAL_MS: '20',
    // Announced every 300 ms; a silence of 1 s means the replica is gone.
    CHARGE_LEASE_MS: '1000',
  });
}

const generate = (url: string, token: string) =>
  callJson(url, 'POST', '/api/image/text-to-image/generate-image', {
    token,
    body: { model: 'seedream-v3', prompt: 'a quiet harbour', aspectRatio: 'square', imageFormat: 'webp' },
  });

/** The member's money as credits stores it: balance, Σ ledger and holds still held. */
async function moneyOf(userId: string) {
  const sql = connectDatabase(credits.databaseUrl, { max: 1 });
  try {
    const [row] = await sql<{ balance: number; ledger: number; held: number }[]>`
      select
        (select credits from accounts where user_id = ${userId}) as balance,
        (select coalesce(sum(delta), 0)::int from ledger where user_id = ${userId}) as ledger,
        (select count(*)::int from holds where user_id = ${userId} and status = 'held') as held`;
    return row!;
  } finally {
    await sql.end();
  }
}

describe('a tool service killed mid-call', () => {
  it('has its holds refunded once its lease lapses, so the retry on the restarted service succeeds', async () => {
    const userId = randomUUID();
    const token = await jwks.tokenFor(userId);
    expect(await credits.balanceOf(token)).toBe(50);

    fal.mode = 'stall';
    const first = await startImage();
    let killed = false;
    let killedAt: number | undefined;
    try {
      // Two generations (20 each) wait on fal, their credits held: 10 left, so a third would be refused.
      const calls = [generate(first.url, token), generate(first.url, token)].map((call) =>
        call.then(
          (reply) => reply.status,
          () => 'connection lost',
        ),
      );
      await expect.poll(() => fal.requests.length, { timeout: 20_000 }).toBe(2);
      expect(await credits.balanceOf(token)).toBe(10);

      first.signal('SIGKILL');
      killedAt = Date.now();
      killed = true;
      expect(await Promise.all(calls)).toEqual(['connection lost', 'connection lost']);
    } finally {
      if (!killed) await first.stop();
    }

    // Refunded by the lease sweeper within seconds (the hold TTL is ten minutes).
    await expect.poll(() => credits.balanceOf(token), { timeout: 30_000, interval: 100 }).toBe(50);
    // For the record (the lease is 1 s here, 15 s by default; the lease sweeper runs every 2 s).
    console.log(`[replica-death] holds refunded ${Date.now() - (killedAt ?? 0)} ms after the kill`);

    fal.mode = 'ok';
    const second = await startImage();
    try {
      const retry = await generate(second.url, token);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body).toMatchObject({ remainingCredits: 30 });
      await credits.settled();
      const money = await moneyOf(userId);
      expect(money).toEqual({ balance: 30, ledger: 30, held: 0 });
      expect(await credits.historyOf(token)).toEqual([['text-to-image', 20]]);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
