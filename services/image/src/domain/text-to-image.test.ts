// Text to image settles what it will store before fal is paid: called directly (behind mountEndpoint's own NUL
// refusal, which the HTTP tests cover), a prompt or negative prompt PostgreSQL cannot store is refused with the
// contracts' text before any provider call, the hold is released and no row is written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, ErrorCode, type TextToImageRequest } from '@act/contracts';
import { connectNats, createCreditsClient, type NatsConnection } from '@act/service-kit';
import { silentLogger, testNatsUrl } from '@act/service-kit/testing';
import { createImageStore } from '../db/image-store';
import { FAL_MODELS } from '../providers/fal-models';
import { createFalProvider } from '../providers/fal-provider';
import { startImageTestBed, type ImageTestBed } from '../test-support/test-bed';
import { createTextToImage, type TextToImage } from './text-to-image';

let bed: ImageTestBed;
let nc: NatsConnection;
let textToImage: TextToImage;

beforeAll(async () => {
  bed = await startImageTestBed('t2i_storable');
  nc = await connectNats({ url: testNatsUrl(), name: 't2i-storable-test' });
  textToImage = createTextToImage({
    store: createImageStore(bed.sql),
    files: bed.files,
    credits: createCreditsClient({ nc, namespace: bed.credits.namespace }),
    outbox: bed.outbox,
    creations: bed.creations,
    provider: createFalProvider({
      apiKey: `fal-${randomUUID()}`,
      models: FAL_MODELS,
      baseUrl: bed.fal.baseUrl,
      pollIntervalMs: 20,
    }),
    logger: silentLogger(),
    timeoutMs: 30_000,
  });
}, 90_000);

afterAll(async () => {
  await textToImage?.drain();
  await nc?.close();
  await bed?.close();
}, 30_000);

const request = (overrides: Partial<TextToImageRequest>): TextToImageRequest => ({
  model: 'flux-schnell',
  prompt: 'A lighthouse on a cliff at dawn',
  aspectRatio: 'square',
  imageFormat: 'png',
  ...overrides,
});

describe('text to image with text that cannot be stored', () => {
  it('is refused before fal is asked, releases the hold and stores nothing', async () => {
    const userId = randomUUID();
    const token = await bed.jwks.tokenFor(userId);
    expect(await bed.credits.balanceOf(token)).toBe(50);
    for (const overrides of [{ prompt: 'nul \u0000 1' }, { negativePrompt: 'blurry\u0000' }]) {
      const charge = await textToImage.reserve(userId);
      const refused: unknown = await textToImage.generate(charge, userId, request(overrides)).catch((e) => e);
      expect(refused).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        message: ERROR_TEXTS.validation.nulCharacter,
      });
    }
    expect(bed.fal.requests).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
    expect(await bed.sql`select id from text_to_images where user_id = ${userId}`).toHaveLength(0);

    // The same call without the NUL is generated, stored and charged once.
    const charge = await textToImage.reserve(userId);
    const made = await textToImage.generate(charge, userId, request({ negativePrompt: 'blurry' }));
    expect(made.remainingCredits).toBe(30);
    expect(bed.fal.requests).toHaveLength(1);
  });
});
