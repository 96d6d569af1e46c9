// Unit-level checks of the credits client on a real NATS server, with a scripted responder standing in for credits
// (the end-to-end test against the real credits service lives in services/credits/src/charged-tool.test.ts).
import { randomUUID } from 'node:crypto';
import type { UsageEvent } from '@act/contracts/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreditsClient, ReserveNotSentError } from './credits-client';
import { AppError } from './errors';
import { connectNats, isNatsConnected, type NatsConnection } from './nats';
import { silentLogger, startOwnNats, testNatsUrl, uniqueNamespace } from './testing';
import { startScriptedCredits, type ScriptedCredits } from './testing/scripted-credits';

const namespace = uniqueNamespace('cc');
let nc: NatsConnection;
let scripted: ScriptedCredits;

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'credits-client-test' });
  scripted = await startScriptedCredits(nc, namespace);
});
afterAll(async () => {
  await scripted.stop();
  await nc.close();
});

describe('createCreditsClient', () => {
  it('publishes outcomes with the message id <requestId>:<outcome>, so JetStream drops duplicates', async () => {
    const credits = createCreditsClient({ nc, namespace });
    const event: UsageEvent = {
      requestId: randomUUID(),
      tool: 'magic-enhance',
      at: new Date().toISOString(),
      guestIp: '192.0.2.9',
    };
    await credits.commit(event);
    await credits.commit(event);
    const committed = (await scripted.published('committed')).filter(
      (e) => e.event.requestId === event.requestId,
    );
    expect(committed).toEqual([{ event, msgId: `${event.requestId}:committed` }]);
  });

  it('turns a missing credits service into a 503 AppError', async () => {
    const credits = createCreditsClient({ nc, namespace: uniqueNamespace('none'), timeoutMs: 300 });
    const error = await credits
      .reserve({ requestId: randomUUID(), userId: randomUUID(), tool: 'magic-enhance' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
  });
});

describe('createCreditsClient with NATS down', () => {
  it('refuses a reserve at once, returns from a release at once and publishes it once NATS is back', async () => {
    const nats = await startOwnNats();
    const own = await connectNats({ url: nats.url, name: 'credits-client-down-test' });
    const ownNamespace = uniqueNamespace('ccd');
    const ownScripted = await startScriptedCredits(own, ownNamespace);
    try {
      const credits = createCreditsClient({ nc: own, namespace: ownNamespace, logger: silentLogger() });
      await nats.kill();
      const deadline = Date.now() + 2_000;
      while (isNatsConnected(own) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));

      let started = performance.now();
      const error = await credits
        .reserve({ requestId: randomUUID(), userId: randomUUID(), tool: 'magic-enhance' })
        .catch((e: unknown) => e);
      expect(performance.now() - started).toBeLessThan(100);
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect((error as AppError).cause).toBeInstanceOf(ReserveNotSentError);
      expect(ownScripted.requests).toEqual([]);

      const event: UsageEvent = {
        requestId: randomUUID(),
        tool: 'magic-enhance',
        at: new Date().toISOString(),
        userId: randomUUID(),
      };
      started = performance.now();
      // Before: the 1 s immediate refund, then three JetStream publishes on the caller's time.
      expect(await credits.release(event)).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(100);

      await nats.restart();
      await credits.releasesPublished();
      expect(await ownScripted.published('released')).toEqual([
        { event, msgId: `${event.requestId}:released` },
      ]);
    } finally {
      await ownScripted.stop().catch(() => undefined);
      await own.close();
      await nats.stop();
    }
  }, 30_000);
});
