// A file made for one request, over real HTTP: its type, its name as an attachment (or none, shown in place), its
// caching, and never sniffed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp } from '../http-app';
import { Router } from '../index';
import type { RunningServer } from '../server';
import { silentLogger, startTestService } from '../testing';
import { MEMBER_DATA_CACHE, sendDownload } from './download';

let server: RunningServer;

beforeAll(async () => {
  const app = createHttpApp({ name: 'download-test', logger: silentLogger() });
  const router = new Router();
  router.get('/csv', (ctx) => {
    sendDownload(ctx, {
      body: 'a,b\n',
      type: 'text/csv; charset=utf-8',
      fileName: 'x.csv',
      cache: MEMBER_DATA_CACHE,
    });
  });
  router.get('/preview', (ctx) => {
    sendDownload(ctx, { body: Buffer.from([1, 2, 3]), type: 'audio/mpeg', cache: 'public, max-age=60' });
  });
  app.use(router.routes());
  server = await startTestService(app);
});

afterAll(() => server.close());

describe('sendDownload', () => {
  it('sends an attachment with its type, name and the members-data caching', async () => {
    const response = await fetch(`${server.url}/csv`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="x.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('a,b\n');
  });

  it('without a name, shows the bytes in place', async () => {
    const response = await fetch(`${server.url}/preview`);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
  });
});
