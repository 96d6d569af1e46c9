// Unit-level checks of the credits client on a real NATS server, with a scripted responder standing in for credits
// (the end-to-end test against the real credits service lives in services/credits/src/charged-tool.test.ts).
import { randomUUID } from 'node:crypto';
import { natsNames, type ReserveReply, type UsageEvent } from '@act/contracts';
import { AckPolicy, type JsMsg, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreditsClient, runChargedTool } from './credits-client';
import { AppError } from './errors';
import { connectNats, ensureStream, type NatsConnection } from './nats';
import { testNatsUrl, uniqueNamespace } from './testing';

const namespace = uniqueNamespace('cc');
const names = natsNames(namespace);
let nc: NatsConnection;
let responder: Subscription;
let nextReply: ReserveReply = { ok: true, cost: 2, remainingCredits: 48 };
const requests: unknown[] = [];

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'credits-client-test' });
  await ensureStream(await nc.jetstreamManager(), {
    name: names.usageStream,
    subjects: names.usageStreamSubjects,
  });
  responder = nc.subscribe(names.reserve, {
    queue: names.reserveQueue,
    callback: (_error, message) => {
      requests.push(JSON.parse(new TextDecoder().decode(message.data)));
      message.respond(JSON.stringify(nextReply));
    },
  });
});
afterAll(async () => {
  responder.unsubscribe();
  await (await nc.jetstreamManager()).streams.delete(names.usageStream).catch(() => undefined);
  await nc.close();
});

async function eventsOn(subject: string): Promise<Array<{ event: UsageEvent; msgId: string | undefined }>> {
  const jsm = await nc.jetstreamManager();
  const durable = `read-${Math.random().toString(36).slice(2)}`;
  await jsm.consumers.add(names.usageStream, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    filter_subject: subject,
  });
  const consumer = await nc.jetstream().consumers.get(names.usageStream, durable);
  const batch = await consumer.fetch({ max_messages: 100, expires: 1_000 });
  const out: Array<{ event: UsageEvent; msgId: string | undefined }> = [];
  for await (const message of batch as AsyncIterable<JsMsg>) {
    out.push({
      event: JSON.parse(new TextDecoder().decode(message.data)) as UsageEvent,
      msgId: message.headers?.get('Nats-Msg-Id'),
    });
    message.ack();
  }
  await jsm.consumers.delete(names.usageStream, durable);
  return out;
}

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
    const committed = (await eventsOn(names.usageCommitted)).filter(
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

describe('runChargedTool', () => {
  it('reserves, runs, commits on success', async () => {
    nextReply = { ok: true, cost: 2, remainingCredits: 48 };
    const credits = createCreditsClient({ nc, namespace });
    const userId = randomUUID();
    const outcome = await runChargedTool({ credits, tool: 'image-to-prompt', userId }, async () => 'prompt');
    expect(outcome).toEqual({ result: 'prompt', remainingCredits: 48 });
    const request = requests.at(-1) as { requestId: string; userId: string; tool: string };
    expect(request).toMatchObject({ userId, tool: 'image-to-prompt' });
    const committed = await eventsOn(names.usageCommitted);
    expect(committed.some((e) => e.event.requestId === request.requestId)).toBe(true);
  });

  it('releases and rethrows when the work fails', async () => {
    nextReply = { ok: true, cost: 20, remainingCredits: 30 };
    const credits = createCreditsClient({ nc, namespace });
    await expect(
      runChargedTool({ credits, tool: 'text-to-image', userId: randomUUID() }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const request = requests.at(-1) as { requestId: string };
    const released = await eventsOn(names.usageReleased);
    expect(released.map((e) => e.msgId)).toContain(`${request.requestId}:released`);
  });

  it('maps a refusal to an AppError carrying needsSignup', async () => {
    nextReply = { ok: false, code: 'NEEDS_SIGNUP', message: 'Sign up', needsSignup: true };
    const credits = createCreditsClient({ nc, namespace });
    let ran = false;
    const error = await runChargedTool({ credits, tool: 'magic-enhance', guestIp: '192.0.2.1' }, async () => {
      ran = true;
    }).catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(error).toMatchObject({
      code: 'NEEDS_SIGNUP',
      status: 403,
      message: 'Sign up',
      details: { needsSignup: true },
    });
  });
});
