// Stored files over real HTTP against the run's S3 store: what a browser holding a signed URL gets (the bytes, a
// range, a download), and what everyone else gets (403 for a wrong, foreign or expired signature, 404 once deleted).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createHttpApp } from '../http-app';
import { Router } from '../index';
import type { RunningServer } from '../server';
import { silentLogger, startTestService, testObjectStoreEnv } from '../testing';
import { z } from 'zod';
import {
  createObjectStore,
  createUrlSigner,
  mountFileRoute,
  objectStoreConfigFields,
  storeWithRecord,
  type ObjectStore,
} from './index';

const config = loadConfig(z.object(objectStoreConfigFields), testObjectStoreEnv());
let store: ObjectStore;
let server: RunningServer;

beforeAll(async () => {
  store = createObjectStore(config, { service: 'image' });
  const app = createHttpApp({ name: 'files-test', logger: silentLogger() });
  const router = new Router();
  mountFileRoute(router, store);
  app.use(router.routes()).use(router.allowedMethods());
  server = await startTestService(app);
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.url}${url}`, { headers });

async function storeBytes(size = 4096, owner = randomUUID()) {
  const body = randomBytes(size);
  const stored = await store.put({ owner, body, contentType: 'audio/mpeg', ext: 'mp3' });
  return { body, stored, owner };
}

describe('stored files', () => {
  it('keeps a file under its service and owner and serves it to the holder of its signed URL', async () => {
    const { body, stored, owner } = await storeBytes();
    expect(stored.key).toMatch(new RegExp(`^image/${owner}/[0-9a-f-]{36}\\.mp3$`));
    const url = store.signedUrl(stored.key);
    expect(url.startsWith(`/api/image/files/${owner}/`)).toBe(true);

    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
    expect((await store.read(stored.key)).equals(body)).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes, and an impossible range with 416', async () => {
    const { body, stored } = await storeBytes(10_000);
    const url = store.signedUrl(stored.key);

    const partial = await get(url, { range: 'bytes=1000-1999' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 1000-1999/10000');
    expect(Buffer.from(await partial.arrayBuffer()).equals(body.subarray(1000, 2000))).toBe(true);

    const tail = await get(url, { range: 'bytes=9000-' });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(1000);

    const beyond = await get(url, { range: 'bytes=20000-30000' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */10000');
  });

  it('saves a download under the signed name', async () => {
    const { stored } = await storeBytes();
    const response = await get(store.signedUrl(stored.key, { download: 'speech-1732412345678.mp3' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="speech-1732412345678.mp3"',
    );
  });

  it('refuses a tampered, foreign, renamed or expired URL with 403 and never serves the bytes', async () => {
    const mine = await storeBytes();
    const theirs = await storeBytes();
    const url = new URL(store.signedUrl(mine.stored.key), 'http://x');
    const sig = url.searchParams.get('sig')!;
    const exp = url.searchParams.get('exp')!;
    const theirName = theirs.stored.key.split('/')[2]!;

    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const expired = createUrlSigner(config.FILE_URL_SECRET, 900).sign(mine.stored.key, {
      now: Date.now() - 2 * 60 * 60 * 1000,
    });
    const otherSecret = createUrlSigner(randomBytes(32).toString('hex'), 900).sign(mine.stored.key);
    const refused = [
      `${url.pathname}?exp=${exp}&sig=${flipped}`,
      // A valid signature is for one file only: the other member's file under the same query.
      `/api/image/files/${theirs.owner}/${theirName}?exp=${exp}&sig=${sig}`,
      // Nor does it stretch to a later expiry or a download name it was not signed with.
      `${url.pathname}?exp=${Number(exp) + 300}&sig=${sig}`,
      `${url.pathname}?exp=${exp}&sig=${sig}&dl=other.mp3`,
      `${url.pathname}?${expired}`,
      `${url.pathname}?${otherSecret}`,
      url.pathname,
      `${url.pathname}?exp=abc&sig=${sig}`,
    ];
    for (const path of refused) {
      const response = await get(path);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toMatchObject({
        success: false,
        error: 'This file link is invalid or has expired',
      });
    }
  });

  it('deleting removes the objects: their URLs then answer 404', async () => {
    const { stored, owner } = await storeBytes();
    const thumb = await store.put({
      owner,
      body: randomBytes(100),
      contentType: 'image/webp',
      ext: 'webp',
      id: stored.key.split('/')[2]!.split('.')[0],
      suffix: '.thumb',
    });
    expect(thumb.key).toBe(stored.key.replace(/\.mp3$/, '.thumb.webp'));
    const urls = [store.signedUrl(stored.key), store.signedUrl(thumb.key)];
    for (const url of urls) expect((await get(url)).status).toBe(200);

    await store.delete([stored.key, thumb.key]);
    for (const url of urls) expect((await get(url)).status).toBe(404);
    await expect(store.read(stored.key)).rejects.toThrow(/No object/);
    // Deleting again is not an error: a retried delete of a record finishes.
    await store.delete([stored.key]);
  });

  it('mints the same URL for the same file within a few minutes, so browsers cache list thumbnails', async () => {
    const { stored } = await storeBytes(10);
    expect(store.signedUrl(stored.key)).toBe(store.signedUrl(stored.key));
  });

  it('refuses to sign a key of another service', () => {
    expect(() => store.signedUrl(`voice/${randomUUID()}/a.mp3`)).toThrow(/not a image file key/);
  });

  it('stores a record’s files under one id, and deletes them when recording the record fails', async () => {
    const owner = randomUUID();
    const variants = [
      { body: randomBytes(64), contentType: 'image/png', ext: 'png' },
      { body: randomBytes(16), contentType: 'image/webp', ext: 'webp', suffix: '.thumb' },
    ];
    const keys = await storeWithRecord(
      store,
      owner,
      variants,
      async (id, stored) => {
        expect(stored.map((object) => object.key)).toEqual([
          `image/${owner}/${id}.png`,
          `image/${owner}/${id}.thumb.webp`,
        ]);
        return stored.map((object) => object.key);
      },
      () => undefined,
    );
    for (const key of keys) expect((await store.read(key)).length).toBeGreaterThan(0);

    let failedKeys: string[] = [];
    await expect(
      storeWithRecord(
        store,
        owner,
        variants,
        async (_id, stored) => {
          failedKeys = stored.map((object) => object.key);
          throw new Error('the transaction failed');
        },
        () => undefined,
      ),
    ).rejects.toThrow('the transaction failed');
    expect(failedKeys).toHaveLength(2);
    for (const key of failedKeys) await expect(store.read(key)).rejects.toThrow(/No object/);
  });
});
