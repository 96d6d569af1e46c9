// Several images per text-to-image run (docs/product-rules.md#images-per-run, docs/charges.md#several-images-per-run)
// over HTTP with real credits and the fake of fal's queue: `num_images` reaches fal, each image is its own gallery item
// and costs 20, images fal did not return are refunded, and the money adds up under concurrent runs (balance = Σ
// ledger, never negative, no hold left held, exactly 20 per stored image).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, TextToImageReplySchema, type GalleryImage } from '@act/contracts';
import { connectDatabase } from '@act/service-kit';
import { callJson } from '@act/service-kit/testing';
import { startImageTestBed, type ImageTestBed } from './test-support/test-bed';

const GENERATE = '/api/image/text-to-image/generate-image';

let bed: ImageTestBed;

beforeAll(async () => {
  bed = await startImageTestBed('image_multi');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => bed.fal.reset());

const generate = (token: string, numImages?: unknown) =>
  callJson(bed.service.url, 'POST', GENERATE, {
    token,
    body: {
      model: 'flux-schnell',
      prompt: 'A red kite over green hills',
      aspectRatio: 'square',
      imageFormat: 'png',
      ...(numImages === undefined ? {} : { numImages }),
    },
  });

async function galleryOf(token: string): Promise<GalleryImage[]> {
  const reply = await callJson(bed.service.url, 'GET', '/api/image/text-to-image/images?limit=50', { token });
  return (reply.body as { images: GalleryImage[] }).images;
}

/**
 * The member's money as credits stores it: balance, Σ ledger, the lowest running total in the order the rows were
 * written (the account's row lock orders them), holds still held.
 */
async function moneyOf(userId: string) {
  const sql = connectDatabase(bed.credits.databaseUrl, { max: 1 });
  try {
    const [row] = await sql<{ balance: number; ledger: number; lowest: number; held: number }[]>`
      select
        (select credits from accounts where user_id = ${userId}) as balance,
        (select coalesce(sum(delta), 0)::int from ledger where user_id = ${userId}) as ledger,
        (select coalesce(min(total), 0)::int from (
          select sum(delta) over (order by id) as total from ledger where user_id = ${userId}) running) as lowest,
        (select count(*)::int from holds where user_id = ${userId} and status = 'held') as held`;
    return row!;
  } finally {
    await sql.end();
  }
}

describe('several images per run', () => {
  it('sends num_images, stores each image as its own gallery item and charges 20 per image', async () => {
    const { token } = await bed.newMember();
    const reply = await generate(token, 2);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = TextToImageReplySchema.parse(reply.body);
    expect(bed.fal.requests).toHaveLength(1);
    expect(bed.fal.requests[0]?.input).toMatchObject({ num_images: 2 });
    expect(body.images).toHaveLength(2);
    expect(new Set(body.images.map((image) => image.id)).size).toBe(2);
    expect(body.id).toBe(body.images[0]?.id);
    expect(body.remainingCredits).toBe(10);

    const gallery = await galleryOf(token);
    expect(gallery.map((image) => image.id).sort()).toEqual(body.images.map((image) => image.id).sort());
    for (const image of body.images) {
      const file = await fetch(`${bed.service.url}${image.imagePath}`);
      expect(file.status).toBe(200);
    }
    expect(await bed.settled(token)).toEqual({
      balance: 10,
      history: [
        ['text-to-image', 20],
        ['text-to-image', 20],
      ],
    });
  });

  it('refunds the images fal did not return and answers with the balance after the refund', async () => {
    const { token } = await bed.newMember();
    bed.fal.maxImages = 1;
    const reply = await generate(token, 2);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = TextToImageReplySchema.parse(reply.body);
    expect(body.images).toHaveLength(1);
    expect(body.remainingCredits).toBe(30);
    expect(await galleryOf(token)).toHaveLength(1);
    expect(await bed.settled(token)).toEqual({ balance: 30, history: [['text-to-image', 20]] });
  });

  it('refuses a count outside 1 to 4 in plain words, holding nothing', async () => {
    const { token } = await bed.newMember();
    for (const count of [0, 5, 1.5, '2']) {
      const reply = await generate(token, count);
      expect(reply, String(count)).toMatchObject({
        status: 400,
        body: { success: false, error: ERROR_TEXTS.image.numImagesInvalid },
      });
    }
    expect(bed.fal.requests).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('refuses a run the balance cannot cover as a whole, with its price, and holds nothing (3 images, 50 credits)', async () => {
    const { token } = await bed.newMember();
    const reply = await generate(token, 3);
    expect(reply).toMatchObject({
      status: 402,
      body: { success: false, error: ERROR_TEXTS.image.insufficientCreditsImages(3, 60) },
    });
    expect(bed.fal.requests).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('a failed run refunds every image of it', async () => {
    const { token } = await bed.newMember();
    bed.fal.mode = 'fail';
    const reply = await generate(token, 2);
    expect(reply.status).toBe(502);
    expect(reply.body).toMatchObject({ success: false, remainingCredits: 50 });
    expect(await galleryOf(token)).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });
});

describe('credit invariants of concurrent multi-image runs', () => {
  it('charges exactly 20 per stored image when runs race for the same balance and fal returns fewer', async () => {
    const { userId, token } = await bed.newMember();
    // Runs of one and of two at once on 50 credits (room for two holds); fal returns one image per run whatever it
    // was asked for. Which runs win the holds depends on timing; what each member is told must match the money.
    bed.fal.maxImages = 1;
    const replies = await Promise.all([2, 1, 2, 1, 2, 1].map((count) => generate(token, count)));
    const ok = replies.filter((reply) => reply.status === 200);
    for (const reply of replies) expect([200, 402], JSON.stringify(reply.body)).toContain(reply.status);

    const stored = ok.flatMap((reply) => TextToImageReplySchema.parse(reply.body).images);
    const gallery = await galleryOf(token);
    expect(gallery).toHaveLength(stored.length);
    const settled = await bed.settled(token);
    expect(settled.balance).toBe(50 - 20 * stored.length);
    expect(settled.history).toHaveLength(stored.length);
    const money = await moneyOf(userId);
    expect(money).toMatchObject({ balance: settled.balance, ledger: settled.balance, held: 0 });
    expect(money.lowest).toBeGreaterThanOrEqual(0);
  });

  it('never overspends when every image comes back', async () => {
    const { userId, token } = await bed.newMember();
    const replies = await Promise.all(Array.from({ length: 5 }, () => generate(token, 2)));
    const images = replies
      .filter((reply) => reply.status === 200)
      .flatMap((reply) => TextToImageReplySchema.parse(reply.body).images);
    // 50 credits hold at most two images of 20.
    expect(images.length).toBeLessThanOrEqual(2);
    expect(await galleryOf(token)).toHaveLength(images.length);
    const settled = await bed.settled(token);
    expect(settled.balance).toBe(50 - 20 * images.length);
    expect(await moneyOf(userId)).toMatchObject({ ledger: settled.balance, held: 0 });
  });
});
