// The charge (charges.ts) on a real NATS server (and PostgreSQL for the outbox), with a scripted credits responder:
// which outcome a run publishes for success, failure, stop, delivered output and a stored result, and that the work
// sees the stop; then the credits client under it: message ids, a missing credits service, NATS down. The same flows
// against the real credits service: services/credits/src/charged-tool.test.ts.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UsageEvent } from '@act/contracts/server';
import Koa from 'koa';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createCreditsClient,
  reserveCharge,
  requestSignal,
  ReserveNotSentError,
  runChargedTool,
  settleCharge,
  type CreditsClient,
} from './charges';
import { connectDatabase, runMigrations, type Sql } from './database';
import { AppError } from './errors';
import { connectNats, isNatsConnected, jetstream, type NatsConnection } from './nats';
import { OUTBOX_MIGRATIONS, startOutboxRelay } from './outbox';
import {
  createTestDatabase,
  silentLogger,
  startOwnNats,
  testNatsUrl,
  uniqueNamespace,
  type TestDatabase,
} from './testing';
import { startScriptedCredits, type ScriptedCredits } from './testing/scripted-credits';
import { WorkTimeoutError } from './work-pool';

const namespace = uniqueNamespace('cr');
let nc: NatsConnection;
let scripted: ScriptedCredits;
let credits: CreditsClient;

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'charges-test' });
  scripted = await startScriptedCredits(nc, namespace);
  credits = createCreditsClient({ nc, namespace });
});
beforeEach(() => scripted.replyWith({ ok: true, cost: 2, remainingCredits: 48 }));
afterAll(async () => {
  await scripted.stop();
  await nc.close();
});

/** The outcomes published for one request id, e.g. ['committed']. */
async function outcomesOf(requestId: string): Promise<string[]> {
  // A release credits did not take at once is published in the background.
  await credits.releasesPublished();
  const [committed, released] = await Promise.all([
    scripted.published('committed'),
    scripted.published('released'),
  ]);
  return [
    ...committed.filter((e) => e.event.requestId === requestId).map(() => 'committed'),
    ...released.filter((e) => e.event.requestId === requestId).map(() => 'released'),
  ];
}

describe('runChargedTool', () => {
  it('reserves, runs, commits on success and returns the balance after the hold', async () => {
    const userId = randomUUID();
    const outcome = await runChargedTool(credits, { tool: 'image-to-prompt', userId }, async () => 'prompt');
    expect(outcome).toEqual({ result: 'prompt', remainingCredits: 48 });
    const request = scripted.requests.at(-1)!;
    expect(request).toMatchObject({ userId, tool: 'image-to-prompt' });
    expect(await outcomesOf(request.requestId)).toEqual(['committed']);
  });

  it("sends the call's personal API key with a member's reserve, so credits names it and holds it to its limit", async () => {
    const userId = randomUUID();
    const apiKey = { id: randomUUID(), name: 'CI', monthlyCreditLimit: 100 };
    await runChargedTool(credits, { tool: 'image-to-prompt', userId, apiKey }, async () => 'prompt');
    expect(scripted.requests.at(-1)).toMatchObject({ userId, apiKey });
    // A guest has no key to send.
    await runChargedTool(
      credits,
      { tool: 'image-to-prompt', guestIp: '203.0.113.7', apiKey },
      async () => 'p',
    );
    expect(scripted.requests.at(-1)).not.toHaveProperty('apiKey');
  });

  it('releases and rethrows when the work fails', async () => {
    await expect(
      runChargedTool(credits, { tool: 'text-to-image', userId: randomUUID() }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await outcomesOf(scripted.requests.at(-1)!.requestId)).toEqual(['released']);
  });

  it('maps a refusal to an AppError carrying needsSignup and never runs the work', async () => {
    scripted.replyWith({ ok: false, code: 'NEEDS_SIGNUP', message: 'Sign up', needsSignup: true });
    let ran = false;
    const error = await runChargedTool(credits, { tool: 'magic-enhance', guestIp: '192.0.2.1' }, async () => {
      ran = true;
    }).catch((e: unknown) => e);
    expect(ran).toBe(false);
    expect(error).toMatchObject({ code: 'NEEDS_SIGNUP', status: 403, details: { needsSignup: true } });
  });

  it('releases a reserve credits answered "unavailable" (its hold may have landed), never a definite refusal', async () => {
    // Credits answers "unavailable" when its database went away mid-reserve: the hold's commit may have reached
    // PostgreSQL though its answer did not, so the caller releases it rather than leave it to the sweeper.
    scripted.replyWith({ ok: false, code: 'SERVICE_UNAVAILABLE', message: 'Try again' });
    const userId = randomUUID();
    const unavailable = await runChargedTool(
      credits,
      { tool: 'magic-enhance', userId },
      async () => 'x',
    ).catch((e: unknown) => e);
    expect(unavailable).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect(await outcomesOf(scripted.requests.at(-1)!.requestId)).toEqual(['released']);

    scripted.replyWith({ ok: false, code: 'INSUFFICIENT_CREDITS', message: 'Not enough credits' });
    await runChargedTool(credits, { tool: 'magic-enhance', userId }, async () => 'x').catch(() => undefined);
    expect(await outcomesOf(scripted.requests.at(-1)!.requestId)).toEqual([]);
  });

  it("commits a guest's try whose work ran out of its time budget, but releases a member's", async () => {
    const timeout = () => Promise.reject(new WorkTimeoutError(10));
    await runChargedTool(credits, { tool: 'magic-enhance', guestIp: '192.0.2.7' }, timeout).catch(() => 0);
    expect(await outcomesOf(scripted.requests.at(-1)!.requestId)).toEqual(['committed']);
    await runChargedTool(credits, { tool: 'magic-enhance', userId: randomUUID() }, timeout).catch(() => 0);
    expect(await outcomesOf(scripted.requests.at(-1)!.requestId)).toEqual(['released']);
  });
});

describe('charge.run with a stop signal', () => {
  it('passes the stop to the work and releases when nothing was delivered', async () => {
    const stop = new AbortController();
    const charge = await reserveCharge(credits, { tool: 'ai-chat-playground', userId: randomUUID() });
    const run = charge.run(
      (signal) =>
        new Promise<string>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason as Error));
        }),
      { signal: stop.signal },
    );
    stop.abort(new Error('member pressed Stop'));
    await expect(run).rejects.toThrow('member pressed Stop');
    expect(await outcomesOf(charge.requestId)).toEqual(['released']);
  });

  it("hands the work the caller's own signal (no mirror per run), and one that never aborts without it", async () => {
    const stop = new AbortController();
    const charge = await reserveCharge(credits, { tool: 'ai-chat-playground', userId: randomUUID() });
    const given = await charge.run(async (signal) => signal, { signal: stop.signal });
    expect(given).toBe(stop.signal);

    const alone = await reserveCharge(credits, { tool: 'ai-chat-playground', userId: randomUUID() });
    const own = await alone.run(async (signal) => signal);
    expect(own).toBeInstanceOf(AbortSignal);
    expect(own.aborted).toBe(false);
    expect(await outcomesOf(charge.requestId)).toEqual(['committed']);
  });

  it('commits once when output was delivered before the stop or failure', async () => {
    const charge = await reserveCharge(credits, { tool: 'ai-chat-playground', userId: randomUUID() });
    await expect(
      charge.run(async () => {
        charge.markDelivered(); // e.g. the first streamed words reached the browser
        throw new Error('provider dropped the stream');
      }),
    ).rejects.toThrow('provider dropped the stream');
    expect(await outcomesOf(charge.requestId)).toEqual(['committed']);
  });

  it('releases a one-shot result whose caller went away before it was delivered', async () => {
    const stop = new AbortController();
    const charge = await reserveCharge(credits, { tool: 'magic-enhance', userId: randomUUID() });
    const run = charge.run(
      async () => {
        stop.abort(new DOMException('The client closed the connection', 'AbortError'));
        return 'a prompt nobody will read';
      },
      { signal: stop.signal },
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(await outcomesOf(charge.requestId)).toEqual(['released']);
  });

  it('keeps a release the work chose itself: no commit over it, and no stop thrown', async () => {
    const finished = await reserveCharge(credits, { tool: 'ai-chat-playground', userId: randomUUID() });
    const result = await finished.run(async () => {
      await finished.release(); // e.g. a chat reply shown as failed, by its own rule
      return 'failed';
    });
    expect(result).toBe('failed');
    expect(await outcomesOf(finished.requestId)).toEqual(['released']);

    const stop = new AbortController();
    const stopped = await reserveCharge(credits, { tool: 'ai-chat-playground', userId: randomUUID() });
    const run = stopped.run(
      async (signal) => {
        stop.abort(new Error('member pressed Stop'));
        expect(signal.aborted).toBe(true);
        await stopped.release();
        return 'stopped before any text';
      },
      { signal: stop.signal },
    );
    await expect(run).resolves.toBe('stopped before any text');
    expect(await outcomesOf(stopped.requestId)).toEqual(['released']);
  });

  it('refuses a second, different outcome: a charge is settled once', async () => {
    const charge = await reserveCharge(credits, { tool: 'magic-enhance', userId: randomUUID() });
    await charge.commit();
    await charge.commit();
    expect(() => charge.release()).toThrow(/already committed/);
    expect(await outcomesOf(charge.requestId)).toEqual(['committed']);
  });
});

describe('settling from another replica', () => {
  it('commits a charge from its ref alone, over another connection', async () => {
    const charge = await reserveCharge(credits, { tool: 'voice-isolator', userId: randomUUID() });
    // The ref travels as plain data (a job row, a stop request on NATS) to another process.
    const ref = JSON.parse(JSON.stringify(charge.ref)) as typeof charge.ref;
    const other = await connectNats({ url: testNatsUrl(), name: 'charges-other-replica' });
    try {
      await settleCharge(createCreditsClient({ nc: other, namespace }), ref, 'committed');
    } finally {
      await other.close();
    }
    expect(await outcomesOf(charge.requestId)).toEqual(['committed']);
  });
});

describe('charge.commitIn (transactional outbox)', () => {
  let db: TestDatabase;
  let sql: Sql;

  beforeAll(async () => {
    db = await createTestDatabase('charged_run');
    sql = connectDatabase(db.url);
    await runMigrations(sql, OUTBOX_MIGRATIONS);
    await sql`create table results (request_id uuid primary key)`;
  });
  afterAll(async () => {
    await sql.end();
    await db.drop();
  });

  it('commits with the stored result, and releases when the transaction rolls back', async () => {
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const stored = await reserveCharge(credits, { tool: 'text-to-image', userId: randomUUID() });
    await stored.run(() =>
      sql.begin(async (tx) => {
        await tx`insert into results (request_id) values (${stored.requestId})`;
        await stored.commitIn(tx, outbox);
      }),
    );
    const failed = await reserveCharge(credits, { tool: 'text-to-image', userId: randomUUID() });
    await expect(
      failed.run(() =>
        sql.begin(async (tx) => {
          await stored.commitIn(tx, outbox);
          await failed.commitIn(tx, outbox);
          await tx`insert into results (request_id) values (${stored.requestId})`; // duplicate key
        }),
      ),
    ).rejects.toThrow(/duplicate key/);
    await outbox.publishPending();
    expect(await outcomesOf(stored.requestId)).toEqual(['committed']);
    expect(await outcomesOf(failed.requestId)).toEqual(['released']);
    const results = await sql`select request_id from results`;
    expect(results.map((row) => row.request_id)).toEqual([stored.requestId]);
    await outbox.stop();
  });
});

describe('requestSignal', () => {
  it('aborts when the client hangs up before the reply, and not after a reply was written', async () => {
    const signals: AbortSignal[] = [];
    const app = new Koa();
    app.use(async (ctx) => {
      const signal = requestSignal(ctx);
      signals.push(signal);
      if (ctx.path === '/slow') await new Promise((resolve) => setTimeout(resolve, 300));
      ctx.body = 'done';
    });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await fetch(`http://127.0.0.1:${port}/fast`);
      const hungUp = new AbortController();
      const slow = fetch(`http://127.0.0.1:${port}/slow`, { signal: hungUp.signal }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      hungUp.abort();
      await slow;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(signals.map((s) => s.aborted)).toEqual([false, true]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
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
