// The seven photo effects end to end over HTTP: real credits (child process) on real PostgreSQL and NATS, the local
// S3 (s3rver), the local fake of fal's queue, member tokens from a test JWKS. Each member starts with 50 credits; an
// effect costs 20.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ERROR_TEXTS,
  GeneratedImagesReplySchema,
  PHOTO_EFFECT_FAILED_TEXTS,
  PHOTO_EFFECT_TOOL_IDS,
  PhotoEffectReplySchema,
  type PhotoEffectReply,
  type PhotoEffectToolId,
} from '@act/contracts';
import { largeBlackPng } from '@act/service-kit/testing';
import { createWorkPool } from '@act/service-kit';
import { openImage, sniffImageType } from '@act/service-kit/media';
import { callJson, dataUrl, makeGif, oversizePngDataUrl } from '@act/service-kit/testing';
import { startImageTestBed, type ImageReplica, type ImageTestBed } from '../test-support/test-bed';
import { bluishPhoto, meanAbsoluteDifference } from '../test-support/test-images';

let bed: ImageTestBed;
let service: ImageReplica;
let keyless: ImageReplica;
let photo: Buffer;

beforeAll(async () => {
  bed = await startImageTestBed('image_effects');
  service = bed.service;
  keyless = await bed.startReplica({ withKey: false });
  photo = await bluishPhoto(640, 480);
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => bed.fal.reset());

const V = ERROR_TEXTS.validation;

/** The member's text of the three effects that take one, under its field name. */
const TEXT_FIELDS: Partial<Record<PhotoEffectToolId, [field: string, text: string]>> = {
  'age-progression': ['ageChange', '20 years older'],
  'background-change': ['prompt', 'a beach at sunset'],
  'expression-change': ['expression', 'surprised'],
};

function body(tool: PhotoEffectToolId, image: string, overrides: Record<string, unknown> = {}) {
  const text = TEXT_FIELDS[tool];
  return { image, toolName: tool, ...(text ? { [text[0]]: text[1] } : {}), ...overrides };
}

async function newMember(): Promise<{ token: string; userId: string }> {
  const userId = randomUUID();
  const token = await bed.jwks.tokenFor(userId);
  expect(await bed.credits.balanceOf(token)).toBe(50);
  return { token, userId };
}

const runEffect = (
  token: string,
  tool: PhotoEffectToolId,
  payload: Record<string, unknown>,
  url = service.url,
) => callJson(url, 'POST', `/api/image/${tool}`, { token, body: payload });

async function succeeded(reply: { status: number; body: unknown }): Promise<PhotoEffectReply> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return PhotoEffectReplySchema.parse(reply.body);
}

/** The bytes behind a signed same-origin URL. */
async function fileAt(path: string, url = service.url): Promise<Buffer> {
  const response = await fetch(`${url}${path}`);
  expect(response.status, path).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('access', () => {
  it('answers 401 to a guest on every effect and on the hub gallery', async () => {
    for (const tool of PHOTO_EFFECT_TOOL_IDS) {
      expect(
        (await callJson(service.url, 'POST', `/api/image/${tool}`, { body: body(tool, 'x') })).status,
      ).toBe(401);
    }
    expect((await callJson(service.url, 'GET', '/api/image/generated-images')).status).toBe(401);
    expect(bed.fal.requests).toHaveLength(0);
  });

  it('status tells which effects can run: all with a key, only the two local ones without', async () => {
    const all = Object.fromEntries(PHOTO_EFFECT_TOOL_IDS.map((tool) => [tool, true]));
    expect((await callJson(service.url, 'GET', '/api/image/status')).body).toEqual({
      success: true,
      available: true,
      effects: all,
      upscale: 'model',
      editImage: true,
    });
    expect((await callJson(keyless.url, 'GET', '/api/image/status')).body).toEqual({
      success: true,
      available: false,
      effects: {
        ...Object.fromEntries(PHOTO_EFFECT_TOOL_IDS.map((tool) => [tool, false])),
        'color-correction': true,
        cartoonify: true,
      },
      upscale: 'standard',
      editImage: false,
    });
  });
});

describe('without a provider key', () => {
  it('color correction and cartoonify return a real, different image of the same size, charged 20 each', async () => {
    const { token } = await newMember();
    const input = dataUrl(photo);
    for (const tool of ['color-correction', 'cartoonify'] as const) {
      const reply = await succeeded(await runEffect(token, tool, body(tool, input), keyless.url));
      expect([reply.width, reply.height]).toEqual([640, 480]);
      const result = await fileAt(reply.processedImageUrl, keyless.url);
      expect(sniffImageType(result)).toBe('image/jpeg');
      const meta = await openImage(result).metadata();
      expect([meta.width, meta.height]).toEqual([640, 480]);
      expect(await meanAbsoluteDifference(photo, result)).toBeGreaterThan(5);
      // The Before of the comparison is the stored upload itself.
      expect((await fileAt(reply.originalImageUrl, keyless.url)).equals(photo)).toBe(true);
    }
    expect(await bed.settled(token)).toEqual({
      balance: 10,
      history: [
        ['cartoonify', 20],
        ['color-correction', 20],
      ],
    });
    expect(bed.fal.requests).toHaveLength(0);
  });

  it('turns a photo stored sideways (EXIF 6) upright before correcting it', async () => {
    const { token } = await newMember();
    const sideways = await openImage(photo).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const reply = await succeeded(
      await runEffect(
        token,
        'color-correction',
        body('color-correction', dataUrl(sideways, 'image/jpeg')),
        keyless.url,
      ),
    );
    expect([reply.width, reply.height]).toEqual([480, 640]);
    const original = await openImage(await fileAt(reply.originalImageUrl, keyless.url)).metadata();
    expect([original.width, original.height, original.orientation ?? 1]).toEqual([480, 640, 1]);
  });

  it('a replica whose local effects are all busy answers 503 and charges nothing, then serves again', async () => {
    const pool = createWorkPool({ size: 1, queueLimit: 0, perCallerLimit: 1, timeoutMs: 60_000 });
    let finish = () => {};
    const busy = pool.run('someone else', () => new Promise<void>((resolve) => (finish = resolve)));
    const crowded = await bed.startReplica({ withKey: false, localEffectsPool: pool });
    const { token } = await newMember();
    expect(
      await runEffect(token, 'cartoonify', body('cartoonify', dataUrl(photo)), crowded.url),
    ).toMatchObject({
      status: 503,
      body: { success: false, code: 'SERVICE_UNAVAILABLE' },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    finish();
    await busy;
    await succeeded(await runEffect(token, 'cartoonify', body('cartoonify', dataUrl(photo)), crowded.url));
    expect(await bed.settled(token)).toEqual({ balance: 30, history: [['cartoonify', 20]] });
  });

  it('the five that need a model answer 503 with the contracts text, nothing held', async () => {
    const { token } = await newMember();
    for (const tool of PHOTO_EFFECT_TOOL_IDS.filter((t) => t !== 'color-correction' && t !== 'cartoonify')) {
      expect(await runEffect(token, tool, body(tool, dataUrl(photo)), keyless.url), tool).toMatchObject({
        status: 503,
        body: {
          success: false,
          code: 'PROVIDER_UNAVAILABLE',
          error: ERROR_TEXTS.image.effectNeedsProviderKey,
        },
      });
    }
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });
});

describe('with fal', () => {
  it('each effect edits through its endpoint with its instruction, stores a result of the input size and charges 20 once', async () => {
    for (const tool of PHOTO_EFFECT_TOOL_IDS) {
      bed.fal.reset();
      const { token } = await newMember();
      const reply = await succeeded(await runEffect(token, tool, body(tool, dataUrl(photo))));
      expect(reply.remainingCredits).toBe(30);
      const [sent] = bed.fal.requests;
      expect(bed.fal.requests).toHaveLength(1);
      expect(sent?.endpoint).toBe(`fal-ai/image-editing/${tool}`);
      expect(String(sent?.input.image_url)).toMatch(/^data:image\/jpeg;base64,/);
      const text = TEXT_FIELDS[tool]?.[1];
      if (text) expect(sent?.input.prompt).toContain(text);
      // The fake answers 1024×1024; the stored result is brought to the upload's size.
      const result = await openImage(await fileAt(reply.processedImageUrl)).metadata();
      expect([result.format, result.width, result.height]).toEqual(['jpeg', 640, 480]);
      expect(await bed.settled(token), tool).toEqual({ balance: 30, history: [[tool, 20]] });
    }
  });

  it('runs the effects named in IMAGE_LOCAL_EFFECTS here even with a key, the others at fal', async () => {
    const mixed = await bed.startReplica({ localEffects: ['color-correction'] });
    const { token } = await newMember();
    await succeeded(
      await runEffect(token, 'color-correction', body('color-correction', dataUrl(photo)), mixed.url),
    );
    expect(bed.fal.requests).toHaveLength(0);
    await succeeded(await runEffect(token, 'cartoonify', body('cartoonify', dataUrl(photo)), mixed.url));
    expect(bed.fal.requests.map((request) => request.endpoint)).toEqual(['fal-ai/image-editing/cartoonify']);
  });

  it('charges nothing when fal fails, with the spec text of the effect', async () => {
    const { token } = await newMember();
    bed.fal.mode = 'fail';
    for (const tool of ['cartoonify', 'expression-change'] as const) {
      expect(await runEffect(token, tool, body(tool, dataUrl(photo)))).toMatchObject({
        status: 502,
        body: { success: false, error: PHOTO_EFFECT_FAILED_TEXTS[tool] },
      });
    }
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    const page = GeneratedImagesReplySchema.parse(
      (await callJson(service.url, 'GET', '/api/image/generated-images', { token })).body,
    );
    expect(page.images).toEqual([]);
  });

  it('gives up on a stalled edit at the time limit, cancels it at fal and charges nothing', async () => {
    const quick = await bed.startReplica({ timeoutMs: 1_000 });
    const { token } = await newMember();
    bed.fal.mode = 'stall';
    expect(
      await runEffect(token, 'baby-version', body('baby-version', dataUrl(photo)), quick.url),
    ).toMatchObject({
      status: 502,
      body: { error: ERROR_TEXTS.image.generationTimedOut },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    await expect.poll(() => bed.fal.requests[0]?.cancelled).toBe(true);
  });
});

describe('refused uploads', () => {
  it("answers 400 with the spec's texts before anything is held or sent, and memory does not jump", async () => {
    const { token } = await newMember();
    const notAnImage = dataUrl(Buffer.from('GIF89a? no, just some text pretending'), 'image/png');
    const gifCalledPng = dataUrl(await makeGif(), 'image/png');
    const bomb = largeBlackPng(30_000, 30_000, 1);
    expect(bomb.length).toBeLessThan(300);
    const rssBefore = process.memoryUsage().rss;
    for (const [image, text] of [
      [notAnImage, V.invalidImage],
      [gifCalledPng, V.invalidImage],
      [oversizePngDataUrl(), V.imageTooLarge],
      [dataUrl(bomb), V.invalidImage],
    ] as const) {
      for (const tool of ['color-correction', 'age-progression'] as const) {
        expect(await runEffect(token, tool, body(tool, image)), `${tool}: ${text}`).toMatchObject({
          status: 400,
          body: { success: false, error: text },
        });
      }
    }
    // A 30000×30000 decode would take about 2.7 GB; refused from the header, the process stays where it was.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * 1024 * 1024);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    expect(bed.fal.requests).toHaveLength(0);
  });

  it('10 MB + 1 byte is too large; blank texts get their own spec texts', async () => {
    const { token } = await newMember();
    const bytes = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    (await openImage(photo).png().toBuffer()).copy(bytes);
    expect(await runEffect(token, 'cartoonify', body('cartoonify', dataUrl(bytes)))).toMatchObject({
      status: 400,
      body: { error: V.imageTooLarge },
    });
    for (const [tool, field, text] of [
      ['age-progression', 'ageChange', V.ageChangeRequired],
      ['background-change', 'prompt', V.backgroundDescriptionRequired],
      ['expression-change', 'expression', V.expressionRequired],
    ] as const) {
      expect(await runEffect(token, tool, body(tool, dataUrl(photo), { [field]: '   ' }))).toMatchObject({
        status: 400,
        body: { error: text },
      });
    }
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    expect(bed.fal.requests).toHaveLength(0);
  });
});

describe('hub gallery', () => {
  it("lists only the member's own results, newest first in offset pages; another member's result is 404", async () => {
    const alice = await newMember();
    const bob = await newMember();
    const first = await succeeded(
      await runEffect(alice.token, 'age-progression', body('age-progression', dataUrl(photo))),
    );
    const second = await succeeded(
      await runEffect(alice.token, 'cartoonify', body('cartoonify', dataUrl(photo))),
    );
    const bobs = await succeeded(
      await runEffect(bob.token, 'baby-version', body('baby-version', dataUrl(photo))),
    );

    const page = async (token: string, query = '') =>
      GeneratedImagesReplySchema.parse(
        (await callJson(service.url, 'GET', `/api/image/generated-images${query}`, { token })).body,
      );
    const alices = await page(alice.token);
    expect(alices.images.map((image) => image.id)).toEqual([second.id, first.id]);
    expect(alices.hasMore).toBe(false);
    expect(alices.images[1]).toMatchObject({
      tool_type: 'image-to-image',
      tool_id: 'age-progression',
      positive_prompt: '20 years older',
    });
    expect(alices.images[0]).toMatchObject({ tool_id: 'cartoonify', positive_prompt: 'Cartoonify' });
    expect(alices.images[0]?.download_url).toMatch(/cartoonify-\d+\.jpg/);
    expect(sniffImageType(await fileAt(alices.images[0]!.thumbnail_url))).toBe('image/webp');
    expect((await page(bob.token)).images.map((image) => image.id)).toEqual([bobs.id]);

    const one = await page(alice.token, '?limit=1');
    expect([one.images.map((i) => i.id), one.hasMore]).toEqual([[second.id], true]);
    const next = await page(alice.token, '?limit=1&offset=1');
    expect([next.images.map((i) => i.id), next.hasMore]).toEqual([[first.id], false]);

    const mine = await callJson(service.url, 'GET', `/api/image/generated-images/${first.id}`, {
      token: alice.token,
    });
    expect(mine).toMatchObject({ status: 200, body: { image: { id: first.id } } });
    for (const id of [bobs.id, randomUUID(), 'not-an-id']) {
      expect(
        (await callJson(service.url, 'GET', `/api/image/generated-images/${id}`, { token: alice.token }))
          .status,
      ).toBe(404);
    }
  });
});
