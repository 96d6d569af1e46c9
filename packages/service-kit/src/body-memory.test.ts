// The per-process body budget: sized from the memory limit, and in a real app a body that does not fit is answered
// unread with 503 and Retry-After while the handlers of the bodies ahead of it run, then admitted once they are done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Router from '@koa/router';
import { ERROR_TEXTS } from '@act/contracts';
import {
  BODY_MEMORY_FACTOR,
  BodyMemoryBudget,
  bodyMemoryBudgetBytes,
  bodyMemoryCost,
  containerMemoryLimit,
  memoryLimitBytes,
} from './body-memory';
import { createHttpApp, type HttpApp } from './http-app';
import type { RunningServer } from './server';
import { silentLogger, startTestService } from './testing';

const MiB = 1024 * 1024;

describe('the memory limit', () => {
  const files = (entries: Record<string, string>) => (path: string) => {
    if (!(path in entries)) throw new Error(`ENOENT ${path}`);
    return entries[path]!;
  };

  it('is the container’s (cgroup v2, then v1); none when it says max, or outside a container', () => {
    expect(containerMemoryLimit(files({ '/sys/fs/cgroup/memory.max': '1073741824\n' }))).toBe(1024 * MiB);
    expect(containerMemoryLimit(files({ '/sys/fs/cgroup/memory.max': 'max\n' }))).toBeUndefined();
    expect(
      containerMemoryLimit(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': String(1536 * MiB) })),
    ).toBe(1536 * MiB);
    expect(
      containerMemoryLimit(files({ '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712' })),
    ).toBeUndefined();
    expect(containerMemoryLimit(files({}))).toBeUndefined();
  });

  it('is MEMORY_LIMIT_MB when set, and bodies may take a quarter of it', () => {
    expect(memoryLimitBytes(512)).toBe(512 * MiB);
    expect(bodyMemoryBudgetBytes(1024 * MiB)).toBe(256 * MiB);
  });
});

describe('the resident ceiling', () => {
  // A 1 GiB process: 256 MB of budget, and large bodies refused past 45 % of the limit (460.8 MB) held plus in flight.
  // The JSON body of a 10 MB file: its base64 data URL, a third longer (about 60 MB of estimate).
  const tenMegabytes = bodyMemoryCost(Math.ceil((10 * MiB * 4) / 3) + 100);
  const budgetHolding = (residentMb: number) => {
    const resident = { bytes: residentMb * MiB };
    return { budget: new BodyMemoryBudget(1024 * MiB, () => resident.bytes), resident };
  };

  it('admits as many large bodies as the budget into a process at rest', () => {
    const { budget } = budgetHolding(190);
    expect(budget.capacity).toBe(256 * MiB);
    const taken = Array.from({ length: 5 }, () => budget.tryTake(tenMegabytes));
    expect(taken.map(Boolean)).toEqual([true, true, true, true, false]);
  });

  it('refuses a large body beside others while the process holds what earlier bodies left, until it is collected', () => {
    const { budget, resident } = budgetHolding(380);
    const first = budget.tryTake(tenMegabytes);
    expect(first).toBeDefined();
    // 380 + 60 + 60 MB pass the ceiling, though the budget has room for three more.
    expect(budget.tryTake(tenMegabytes)).toBeUndefined();
    // Small bodies are not held back by it.
    expect(budget.tryTake(bodyMemoryCost(64 * 1024))).toBeDefined();
    resident.bytes = 200 * MiB;
    expect(budget.tryTake(tenMegabytes)).toBeDefined();
  });

  it('admits a large body alone, however much the process holds', () => {
    const { budget } = budgetHolding(900);
    expect(budget.tryTake(tenMegabytes)).toBeDefined();
  });
});

describe('a body charged as its bytes arrive', () => {
  const budget = () => new BodyMemoryBudget(1024 * MiB, () => 190 * MiB);

  it('grows while the bytes received fit, refuses the growth that would pass the budget, and gives all back', () => {
    const memory = budget();
    const other = memory.tryTake(200 * MiB)!;
    const chunked = memory.tryTake(0)!;
    expect(chunked.tryGrow(50 * MiB)).toBe(true);
    expect(memory.used).toBe(250 * MiB);
    expect(chunked.tryGrow(10 * MiB)).toBe(false);
    expect(chunked.held).toBe(50 * MiB);
    expect(memory.used).toBe(250 * MiB);
    chunked.giveBack();
    chunked.giveBack();
    expect(chunked.tryGrow(1)).toBe(false);
    expect(memory.used).toBe(200 * MiB);
    other.giveBack();
    expect(memory.used).toBe(0);
  });

  it('grows without end while alone in the process', () => {
    const memory = budget();
    const alone = memory.tryTake(0)!;
    expect(alone.tryGrow(300 * MiB)).toBe(true);
    expect(alone.tryGrow(300 * MiB)).toBe(true);
    alone.giveBack();
    expect(memory.used).toBe(0);
  });

  it('checks the resident ceiling once, when a growing body becomes large', () => {
    const resident = { bytes: 190 * MiB, reads: 0 };
    const memory = new BodyMemoryBudget(1024 * MiB, () => {
      resident.reads += 1;
      return resident.bytes;
    });
    const first = memory.tryTake(bodyMemoryCost(64 * 1024))!;
    const growing = memory.tryTake(0)!;
    expect(growing.tryGrow(bodyMemoryCost(512 * 1024))).toBe(true);
    expect(resident.reads).toBe(0);
    resident.bytes = 900 * MiB;
    expect(growing.tryGrow(bodyMemoryCost(MiB))).toBe(false);
    resident.bytes = 190 * MiB;
    expect(growing.tryGrow(bodyMemoryCost(MiB))).toBe(true);
    expect(growing.tryGrow(bodyMemoryCost(MiB))).toBe(true);
    expect(resident.reads).toBe(2);
    first.giveBack();
    growing.giveBack();
  });
});

describe('bodies in flight', () => {
  let app: HttpApp;
  let running: RunningServer;
  const held: Array<() => void> = [];
  let handled = 0;

  beforeAll(async () => {
    app = createHttpApp({ name: 'body-memory-test', logger: silentLogger(), bodyLimit: 64 * 1024 });
    // Room for 2 bodies of 1000 bytes in flight, not 3.
    app.bodyMemory.capacity = 2.5 * 1000 * BODY_MEMORY_FACTOR;
    const router = new Router();
    router.post('/upload', async (ctx) => {
      handled += 1;
      await new Promise<void>((resolve) => held.push(resolve));
      ctx.body = { bytes: JSON.stringify((ctx.request as { body?: unknown }).body).length };
    });
    app.use(router.routes());
    running = await startTestService(app);
  });

  afterAll(async () => {
    for (const release of held) release();
    await running.close();
  });

  const upload = (bytes: number) =>
    fetch(`${running.url}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'z'.repeat(bytes - 11) }),
    });

  async function heldCount(count: number) {
    while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it('answers a body that does not fit with 503 and Retry-After, unread, and admits it once the others are done', async () => {
    const first = upload(1000);
    const second = upload(1000);
    await heldCount(2);

    const refused = await upload(1000);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: ERROR_TEXTS.server.serviceUnavailable });
    expect(handled).toBe(2);

    held.splice(0).forEach((release) => release());
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(app.bodyMemory.used).toBe(0);

    const admitted = upload(1000);
    await heldCount(1);
    held.splice(0).forEach((release) => release());
    expect((await admitted).status).toBe(200);
  });

  it('admits a body larger than the whole budget when it is alone', async () => {
    const large = upload(10_000);
    await heldCount(1);
    expect(app.bodyMemory.used).toBe(10_000 * BODY_MEMORY_FACTOR);
    held.splice(0).forEach((release) => release());
    expect((await large).status).toBe(200);
    expect(app.bodyMemory.used).toBe(0);
  });
});
