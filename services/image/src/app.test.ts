// The image service end to end over HTTP: real credits (child process) on real PostgreSQL and NATS, the local S3
// (s3rver) through the service kit's object store, the local fake of fal's queue answering with real PNGs, and
// member tokens from a test JWKS. Each member starts with 50 credits; an image costs 20.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ERROR_TEXTS,
  TextToImageStreamEventSchema,
  type GalleryImage,
  type ImageFormat,
  type TextToImageStreamEvent,
} from '@act/contracts';
import { createUrlSigner } from '@act/service-kit/files';
import { openImage } from '@act/service-kit/media';
import { callJson, expectOwnerOnly, postEventStream } from '@act/service-kit/testing';
import { createImageStore } from './db/image-store';
import { startImageTestBed, type ImageReplica, type ImageTestBed } from './test-support/test-bed';

const GENERATE = '/api/image/text-to-image/generate-image';
const IMAGES = '/api/image/text-to-image/images';

let bed: ImageTestBed;
let service: ImageReplica;

beforeAll(async () => {
  bed = await startImageTestBed('image');
  service = bed.service;
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => bed.fal.reset());

async function newMember(): Promise<{ token: string; userId: string }> {
  const userId = randomUUID();
  const token = await bed.jwks.tokenFor(userId);
  expect(await bed.credits.balanceOf(token)).toBe(50);
  return { token, userId };
}

const request = (overrides: Record<string, unknown> = {}) => ({
  model: 'flux-schnell',
  prompt: 'A lighthouse on a cliff at dawn',
  aspectRatio: 'square',
  imageFormat: 'png',
  style: 'photorealistic',
  toolName: 'text-to-image',
  ...overrides,
});

const generate = (token: string, body: Record<string, unknown>, url = service.url) =>
  callJson(url, 'POST', GENERATE, { token, body });

/** GET a same-origin path (a signed file URL) from the service. */
const fetchPath = (path: string, init?: RequestInit) => fetch(`${service.url}${path}`, init);

async function gallery(
  token: string,
  query = '',
): Promise<{ images: GalleryImage[]; nextCursor: string | null }> {
  const reply = await callJson(service.url, 'GET', `${IMAGES}${query}`, { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body as { images: GalleryImage[]; nextCursor: string | null };
}

async function streamGenerate(
  token: string,
  body: Record<string, unknown>,
): Promise<TextToImageStreamEvent[]> {
  const call = await postEventStream(service.url, GENERATE, body, token, {
    parse: TextToImageStreamEventSchema.parse,
  });
  expect(call.contentType).toContain('text/event-stream');
  return call.all();
}

describe('access', () => {
  it('answers 401 to a guest on every text-to-image endpoint, and the status to anyone', async () => {
    const id = randomUUID();
    for (const [method, path, body] of [
      ['POST', GENERATE, request()],
      ['GET', IMAGES, undefined],
      ['PATCH', `${IMAGES}/${id}`, { favourite: true }],
      ['DELETE', `${IMAGES}/${id}`, undefined],
    ] as const) {
      expect((await callJson(service.url, method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect(await callJson(service.url, 'GET', '/api/image/status')).toMatchObject({
      status: 200,
      body: { success: true, available: true },
    });
    expect(bed.fal.requests).toHaveLength(0);
  });

  it('without a provider key says so, answers 503 with the contracts text and charges nothing', async () => {
    const keyless = await bed.startReplica({ withKey: false });
    expect((await callJson(keyless.url, 'GET', '/api/image/status')).body).toMatchObject({
      success: true,
      available: false,
    });
    const { token } = await newMember();
    const reply = await generate(token, request(), keyless.url);
    expect(reply).toMatchObject({
      status: 503,
      body: { success: false, code: 'PROVIDER_UNAVAILABLE', error: ERROR_TEXTS.image.providerKeyMissing },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    expect(bed.fal.requests).toHaveLength(0);
  });

  it("refuses the spec's invalid requests with its texts before anything is held", async () => {
    const { token } = await newMember();
    const V = ERROR_TEXTS.validation;
    for (const [body, text] of [
      [request({ prompt: '   ' }), V.enterPrompt],
      [request({ prompt: 'x'.repeat(1001) }), V.promptTooLong],
      [request({ negativePrompt: 'x'.repeat(201) }), V.negativePromptTooLong],
      [request({ seed: 1.5 }), V.seedInvalid],
      [request({ seed: 4294967296 }), V.seedInvalid],
    ] as const) {
      const reply = await generate(token, body);
      expect(reply, text).toMatchObject({ status: 400, body: { success: false, error: text } });
    }
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    expect(bed.fal.requests).toHaveLength(0);
  });
});

describe('generate', () => {
  it('stores the image in the format and size asked for, with its thumbnail, and charges 20 once (50 → 30)', async () => {
    const { token } = await newMember();
    const reply = await generate(
      token,
      request({ aspectRatio: 'landscape', imageFormat: 'jpg', seed: 1234 }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      seed: 1234,
      width: 1344,
      height: 768,
      imageFormat: 'jpg',
      remainingCredits: 30,
    });
    expect(await bed.settled(token)).toEqual({ balance: 30, history: [['text-to-image', 20]] });

    const [sent] = bed.fal.requests;
    expect(sent?.endpoint).toBe('fal-ai/flux/schnell');
    expect(sent?.input).toMatchObject({ seed: 1234, image_size: { width: 1344, height: 768 } });
    expect(String(sent?.input.prompt)).toMatch(/^A lighthouse on a cliff at dawn, photorealistic/);

    const file = await fetchPath(String(reply.body.imagePath));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const meta = await openImage(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1344, 768]);

    const thumb = await fetchPath(String(reply.body.thumbnailPath));
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const thumbMeta = await openImage(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbMeta.format, thumbMeta.width]).toEqual(['webp', 320]);

    const download = await fetchPath(String(reply.body.downloadPath));
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="image-${reply.body.id}.jpg"`,
    );

    const { images } = await gallery(token);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({
      id: reply.body.id,
      positive_prompt: 'A lighthouse on a cliff at dawn',
      model_name: 'flux-schnell',
      style: 'photorealistic',
      aspect_ratio: 'landscape',
      image_format: 'jpg',
      seed: 1234,
      favourite: false,
    });
  });

  it.each([
    ['png', 'portrait', 'imagen-4-preview', 768, 1344],
    ['webp', 'widescreen', 'flux-pro-max', 1536, 640],
  ] as const)(
    'a %s at %s from a ratio-only model is still exactly the size of the aspect ratio',
    async (format: ImageFormat, aspectRatio, model, width, height) => {
      const { token } = await newMember();
      const reply = await generate(
        token,
        request({ imageFormat: format, aspectRatio, model, style: 'none' }),
      );
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(bed.fal.requests[0]?.input).not.toHaveProperty('image_size');
      expect(bed.fal.requests[0]?.input.prompt).toBe('A lighthouse on a cliff at dawn');
      const bytes = Buffer.from(await (await fetchPath(String(reply.body.imagePath))).arrayBuffer());
      const meta = await openImage(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, width, height]);
    },
  );

  it('returns a random seed when none was given, and Regenerate with it sends and returns the same seed', async () => {
    const { token } = await newMember();
    const first = await generate(token, request());
    expect(first.status).toBe(200);
    const seed = first.body.seed as number;
    expect(Number.isInteger(seed)).toBe(true);
    expect(bed.fal.requests[0]?.input.seed).toBe(seed);

    const again = await generate(token, request({ seed }));
    expect(again.body).toMatchObject({ seed, remainingCredits: 10 });
    expect(bed.fal.requests[1]?.input.seed).toBe(seed);
    expect(again.body.id).not.toBe(first.body.id);
  });

  it('charges nothing and stores nothing when fal fails', async () => {
    const { token } = await newMember();
    bed.fal.mode = 'fail';
    const reply = await generate(token, request());
    expect(reply).toMatchObject({
      status: 502,
      body: {
        success: false,
        code: 'PROVIDER_FAILED',
        error: ERROR_TEXTS.ui.generateImageRetry,
        remainingCredits: 50,
      },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    expect((await gallery(token)).images).toEqual([]);
  });

  it('cancels a generation that outlasts the time limit at fal, and charges nothing', async () => {
    const quick = await bed.startReplica({ timeoutMs: 1_000 });
    const { token } = await newMember();
    bed.fal.mode = 'stall';
    const reply = await generate(token, request(), quick.url);
    expect(reply).toMatchObject({
      status: 502,
      body: { success: false, code: 'PROVIDER_FAILED', error: ERROR_TEXTS.image.generationTimedOut },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    await expect.poll(() => bed.fal.requests[0]?.cancelled).toBe(true);
    expect((await gallery(token)).images).toEqual([]);
  });

  it('finishes a generation whose member left (closed the tab) into the gallery, charged once', async () => {
    const { token } = await newMember();
    const leave = new AbortController();
    const call = fetch(`${service.url}${GENERATE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(request({ prompt: 'left before it was done' })),
      signal: leave.signal,
    });
    await expect.poll(() => bed.fal.requests.length).toBe(1);
    leave.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(async () => (await gallery(token)).images.length, { timeout: 10_000 }).toBe(1);
    expect((await gallery(token)).images[0]?.positive_prompt).toBe('left before it was done');
    expect(await bed.settled(token)).toEqual({ balance: 30, history: [['text-to-image', 20]] });
  });

  it('streams the queue progress, then done with the reply; a failure ends with an error event', async () => {
    const { token } = await newMember();
    const events = await streamGenerate(token, request());
    expect(events[0]).toEqual({ type: 'progress', status: 'IN_QUEUE', queuePosition: 1 });
    expect(events).toContainEqual({ type: 'progress', status: 'IN_PROGRESS', percentage: 50 });
    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done', remainingCredits: 30, width: 1024, height: 1024 });
    expect(await bed.settled(token)).toMatchObject({ balance: 30 });

    bed.fal.mode = 'fail';
    const failed = await streamGenerate(token, request());
    expect(failed.at(-1)).toEqual({
      type: 'error',
      error: ERROR_TEXTS.ui.generateImageRetry,
      code: 'PROVIDER_FAILED',
      remainingCredits: 30,
    });
    expect(await bed.settled(token)).toMatchObject({ balance: 30 });
  });
});

describe('gallery', () => {
  /** Rows written straight to the database, a millisecond apart, oldest first (no credits needed). */
  // Seeded rows get created_at one second apart, in the order seeded (also across calls): the gallery's order must
  // not hang on how the database clock ticks between two quick inserts.
  let seeded = 0;
  const seedEpoch = Date.now() - 24 * 60 * 60 * 1000;

  async function seedImages(userId: string, prompts: string[]): Promise<string[]> {
    const store = createImageStore(bed.sql);
    const ids: string[] = [];
    for (const prompt of prompts) {
      const id = randomUUID();
      await store.transaction((tx) =>
        tx.insert({
          id,
          user_id: userId,
          positive_prompt: prompt,
          negative_prompt: null,
          model_name: prompt.includes('ideogram') ? 'ideogram-v3' : 'flux-pro',
          style: null,
          aspect_ratio: 'square',
          image_format: 'png',
          seed: 7,
          width: 1024,
          height: 1024,
          image_key: `image/${userId}/${id}.png`,
          thumbnail_key: `image/${userId}/${id}.thumb.webp`,
        }),
      );
      seeded += 1;
      await bed.sql`update text_to_images set created_at = ${new Date(seedEpoch + seeded * 1000)} where id = ${id}`;
      ids.push(id);
    }
    return ids;
  }

  it('pages 8 newest first, then the rest, without duplicates when an image is added between pages', async () => {
    const { token, userId } = await newMember();
    const ids = await seedImages(
      userId,
      Array.from({ length: 11 }, (_, i) => `picture ${i}`),
    );
    const first = await gallery(token);
    expect(first.images.map((i) => i.id)).toEqual([...ids].reverse().slice(0, 8));
    expect(first.nextCursor).toEqual(expect.any(String));

    const [added] = await seedImages(userId, ['added while scrolling']);
    const second = await gallery(token, `?cursor=${first.nextCursor}`);
    expect(second.images.map((i) => i.id)).toEqual([...ids].reverse().slice(8));
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.images, ...second.images].map((i) => i.id)).size).toBe(11);

    // Reloading from the start (gallery-updated) shows the new one first.
    expect((await gallery(token)).images[0]?.id).toBe(added);
  });

  it('searches the prompt on the server, filters by model and by favourites', async () => {
    const { token, userId } = await newMember();
    const [cat, dog, ideogram, percent] = await seedImages(userId, [
      'A ginger Cat on a sofa',
      'a dog in the park',
      'ideogram poster of a cat',
      '100% pure orange juice',
    ]);
    expect((await gallery(token, '?q=cat')).images.map((i) => i.id)).toEqual([ideogram, cat]);
    expect((await gallery(token, '?q=%25')).images.map((i) => i.id)).toEqual([percent]);
    expect((await gallery(token, '?model=ideogram-v3')).images.map((i) => i.id)).toEqual([ideogram]);

    const patched = await callJson(service.url, 'PATCH', `${IMAGES}/${dog}`, {
      token,
      body: { favourite: true },
    });
    expect(patched).toMatchObject({
      status: 200,
      body: { success: true, image: { id: dog, favourite: true } },
    });
    expect((await gallery(token, '?favourites=true')).images.map((i) => i.id)).toEqual([dog]);
    await callJson(service.url, 'PATCH', `${IMAGES}/${dog}`, { token, body: { favourite: false } });
    expect((await gallery(token, '?favourites=true')).images).toEqual([]);
  });

  it("keeps each member's images to themselves: 404 from list, favourite and delete; their file URLs refuse others", async () => {
    const owner = await newMember();
    const stranger = await newMember();
    let imagePath = '';
    await expectOwnerOnly({
      async createAsOwner() {
        const reply = await generate(owner.token, request());
        expect(reply.status).toBe(200);
        imagePath = String(reply.body.imagePath);
        return String(reply.body.id);
      },
      async ownerView(id) {
        const image = (await gallery(owner.token)).images.find((i) => i.id === id);
        if (!image) throw new Error('gone');
        const { image_path: _i, thumbnail_path: _t, download_path: _d, ...rest } = image;
        return rest;
      },
      asStranger: {
        // The library's `?open=<id>` reads one image: another member's is a 404 too.
        open: (id) =>
          fetch(`${service.url}${IMAGES}/${id}`, { headers: { authorization: `Bearer ${stranger.token}` } }),
        delete: (id) =>
          fetch(`${service.url}${IMAGES}/${id}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${stranger.token}` },
          }),
        favourite: (id) =>
          fetch(`${service.url}${IMAGES}/${id}`, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${stranger.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ favourite: true }),
          }),
      },
    });
    expect((await gallery(stranger.token)).images).toEqual([]);

    // The owner's URL with the stranger's id in place of the owner's: the signature does not cover it.
    const foreign = imagePath.replace(owner.userId, stranger.userId);
    expect(foreign).not.toBe(imagePath);
    expect((await fetchPath(foreign)).status).toBe(403);
    expect((await fetchPath(imagePath)).status).toBe(200);
    const own = (await gallery(owner.token)).images[0]!;
    const reopened = await fetch(`${service.url}${IMAGES}/${own.id}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(reopened.status).toBe(200);
    expect(((await reopened.json()) as { image: { id: string } }).image.id).toBe(own.id);
  });

  it('refuses a tampered or expired file URL with 403', async () => {
    const { token, userId } = await newMember();
    const reply = await generate(token, request());
    const path = String(reply.body.imagePath);
    const url = new URL(path, 'http://x');
    const sig = url.searchParams.get('sig') ?? '';

    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const longer = new URL(url);
    longer.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    const unsigned = new URL(url);
    unsigned.search = '';

    const key = `image/${userId}/${url.pathname.split('/').at(-1)}`;
    const signer = createUrlSigner(bed.fileUrlSecret, 60);
    const expired = `${url.pathname}?${signer.sign(key, { now: Date.now() - 24 * 3600 * 1000 })}`;
    // The same signer, today: proves the key and secret above are right, so the expired one fails for its age.
    expect((await fetchPath(`${url.pathname}?${signer.sign(key)}`)).status).toBe(200);

    for (const [name, bad] of [
      ['tampered signature', `${tampered.pathname}${tampered.search}`],
      ['extended expiry', `${longer.pathname}${longer.search}`],
      ['no signature', unsigned.pathname],
      ['expired', expired],
    ] as const) {
      const response = await fetchPath(bad);
      expect(response.status, name).toBe(403);
    }
  });

  it('deletes the image and its stored objects', async () => {
    const { token } = await newMember();
    const reply = await generate(token, request());
    const { id, imagePath, thumbnailPath } = reply.body as {
      id: string;
      imagePath: string;
      thumbnailPath: string;
    };
    expect((await fetchPath(thumbnailPath)).status).toBe(200);

    const deleted = await callJson(service.url, 'DELETE', `${IMAGES}/${id}`, { token });
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    expect((await gallery(token)).images).toEqual([]);
    // The still-valid signed URLs now find nothing: the objects are gone from the store.
    expect((await fetchPath(imagePath)).status).toBe(404);
    expect((await fetchPath(thumbnailPath)).status).toBe(404);
    expect((await callJson(service.url, 'DELETE', `${IMAGES}/${id}`, { token })).status).toBe(404);
    // Deleting an image refunds nothing: it was delivered.
    expect(await bed.settled(token)).toMatchObject({ balance: 30 });
  });
});
