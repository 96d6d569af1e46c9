// The public health answer: up only when every service's ops listener says ready, one round of probes per period.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSystemHealth } from './health';

let server: Server;
let url: string;
let probes = 0;
let ready = true;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/readyz') probes += 1;
    res.writeHead(req.url === '/readyz' && ready ? 200 : 503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createSystemHealth', () => {
  it('probes once per cache period however many callers ask', async () => {
    let clock = 0;
    probes = 0;
    ready = true;
    const health = createSystemHealth({ opsUrls: { a: url, b: url }, cacheMs: 5_000, now: () => clock });
    const answers = await Promise.all(Array.from({ length: 20 }, () => health.isUp()));
    expect(answers.every(Boolean)).toBe(true);
    clock = 4_000;
    expect(await health.isUp()).toBe(true);
    // Two services, one round.
    expect(probes).toBe(2);

    ready = false;
    clock = 5_000;
    expect(await health.isUp()).toBe(false);
    expect(probes).toBe(4);
  });

  it('is down when a service cannot be reached', async () => {
    const health = createSystemHealth({ opsUrls: { a: url, gone: 'http://127.0.0.1:9' }, cacheMs: 0 });
    ready = true;
    expect(await health.isUp()).toBe(false);
  });
});
