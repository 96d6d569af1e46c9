// Unit-level checks of the credits client on a real NATS server, with a scripted responder standing in for credits
// (the end-to-end test against the real credits service lives in services/credits/src/charged-tool.test.ts).
import { randomUUID } from 'node:crypto';
import type { UsageEvent } from '@act/contracts/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreditsClient } from './credits-client';
import { AppError } from './errors';
import { connectNats, type NatsConnection } from './nats';
import { testNatsUrl, uniqueNamespace } from './testing';
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
