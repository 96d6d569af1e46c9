// The run's shared credits process, as a tool service's test sees it: tokens from runServices() are accepted, and
// settled() returns only once credits has applied every usage event published before it (proved on a credits
// process of this file's own, frozen while the event waits).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreditsClient, reserveCharge, runChargedTool } from '../charges';
import { connectNats, type NatsConnection } from '../nats';
import { startCreditsProcess } from './credits-process';
import { runServices, type RunServices } from './run-services';
import { testNatsUrl } from './test-infra';

let run: RunServices;
let nc: NatsConnection;

beforeAll(async () => {
  run = await runServices();
  nc = await connectNats({ url: testNatsUrl(), name: 'run-services-test' });
}, 90_000);

afterAll(async () => {
  await nc?.close();
  await run?.credits.stop();
});

describe('runServices', () => {
  it('settled() waits until credits has recorded every committed use', async () => {
    const userId = randomUUID();
    const token = await run.jwks.tokenFor(userId);
    expect(await run.credits.balanceOf(token)).toBe(50);
    const credits = createCreditsClient({ nc, namespace: run.credits.namespace });
    const uses = 30;
    // Each commit is on JetStream once its call returns; credits records it asynchronously.
    await Promise.all(
      Array.from({ length: uses }, () =>
        runChargedTool(credits, { userId, tool: 'magic-enhance' }, async () => 'done'),
      ),
    );
    await run.credits.settled();
    const history = await run.credits.historyOf(token);
    expect(history).toHaveLength(uses);
    expect(history.every(([tool, used]) => tool === 'magic-enhance' && used === 1)).toBe(true);
  });

  it('settled() keeps waiting while credits cannot apply a published commit, and returns once it has', async () => {
    const own = await startCreditsProcess({ jwksUrl: run.jwks.url });
    try {
      const userId = randomUUID();
      const token = await run.jwks.tokenFor(userId);
      const credits = createCreditsClient({ nc, namespace: own.namespace });
      const charge = await reserveCharge(credits, { userId, tool: 'magic-enhance' });
      own.pause();
      await charge.commit(); // on JetStream now; credits cannot apply it while frozen
      const early = await Promise.race([
        own.settled().then(() => 'settled'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
      ]);
      expect(early).toBe('waiting');
      own.resume();
      await own.settled();
      expect(await own.historyOf(token)).toEqual([['magic-enhance', 1]]);
    } finally {
      await own.stop();
    }
  }, 60_000);
});
