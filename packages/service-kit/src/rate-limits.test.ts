// The rate-limit store's start step: a process that can reach Redis counts its first request there, with every other
// replica; one whose Redis does not answer starts after a bounded wait, says so in its log, and limits in memory.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  awaitSharedCounters,
  consumeOrRefuse,
  createRateLimitStore,
  type RateLimitStore,
} from './rate-limits';
import { captureLogger } from './testing';

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

function storeOf(redisUrl: string | undefined): RateLimitStore {
  const store = createRateLimitStore({ redisUrl });
  opened.push(store);
  return store;
}

/** A TCP server that takes connections and never answers: a Redis that hangs before its ready check. */
async function silentServer(): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
  return `redis://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('awaitSharedCounters', () => {
  it('without Redis, is done at once and logs nothing', async () => {
    const { logger, lines } = captureLogger();
    await awaitSharedCounters(storeOf(undefined), logger, 50);
    expect(lines).toEqual([]);
  });

  it('gives up on a Redis that does not answer, says so, and the limits hold in memory', async () => {
    const store = storeOf(await silentServer());
    const { logger, text } = captureLogger();
    const started = Date.now();
    await awaitSharedCounters(store, logger, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(text()).toContain(
      "Redis is not connected yet: rate limits count in this process's memory until it is",
    );
    const limiter = store.limiter(`kit-test-${randomUUID()}`, { points: 1, durationSeconds: 60 });
    await consumeOrRefuse(limiter, '192.0.2.1');
    const refused = await consumeOrRefuse(limiter, '192.0.2.1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
  });

  // Redis is optional infrastructure: this runs where REDIS_URL is set (CI, and the dev machine with Redis up).
  it.runIf(process.env.REDIS_URL)('once it returns, the very next request is counted in Redis', async () => {
    const redisUrl = process.env.REDIS_URL!;
    const store = storeOf(redisUrl);
    const { logger, lines } = captureLogger();
    await awaitSharedCounters(store, logger);
    expect(lines).toEqual([]);
    const keyPrefix = `kit-test-${randomUUID()}`;
    await consumeOrRefuse(store.limiter(keyPrefix, { points: 5, durationSeconds: 60 }), '192.0.2.2');
    const reader = new Redis(redisUrl);
    opened.push({ close: () => reader.quit().then(() => undefined) });
    expect(await reader.get(`${keyPrefix}:192.0.2.2`)).toBe('1');
  });
});
