// Text-to-image contracts: the request's spec texts, the gallery query's defaults and bounds, and the download name.
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../errors';
import {
  GalleryImagesQuerySchema,
  TextToImageRequestSchema,
  TextToImageStreamEventSchema,
  textToImageDownloadName,
} from './image';

const V = ERROR_TEXTS.validation;
const valid = { model: 'flux-pro', prompt: 'a fox', aspectRatio: 'square', imageFormat: 'png' };

function firstError(input: unknown): string | undefined {
  const result = TextToImageRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('text-to-image request', () => {
  it("refuses with the spec's texts", () => {
    expect(firstError({ ...valid, prompt: '  ' })).toBe(V.enterPrompt);
    expect(firstError({ ...valid, prompt: 'x'.repeat(1001) })).toBe(V.promptTooLong);
    expect(firstError({ ...valid, negativePrompt: 'x'.repeat(201) })).toBe(V.negativePromptTooLong);
    expect(firstError({ ...valid, seed: -1 })).toBe(V.seedInvalid);
    expect(firstError({ ...valid, seed: 2 ** 32 })).toBe(V.seedInvalid);
    expect(
      firstError({ ...valid, prompt: 'x'.repeat(1000), negativePrompt: 'y'.repeat(200), seed: 2 ** 32 - 1 }),
    ).toBe(undefined);
  });
});

describe('gallery query', () => {
  it('pages by 8 unless asked, at most 50, and reads favourites as a boolean', () => {
    expect(GalleryImagesQuerySchema.parse({})).toEqual({ limit: 8 });
    expect(
      GalleryImagesQuerySchema.parse({ limit: '50', favourites: 'true', q: ' fox ', model: 'ideogram-v3' }),
    ).toEqual({
      limit: 50,
      favourites: true,
      q: 'fox',
      model: 'ideogram-v3',
    });
    expect(GalleryImagesQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(GalleryImagesQuerySchema.safeParse({ model: 'dall-e' }).success).toBe(false);
    expect(GalleryImagesQuerySchema.safeParse({ favourites: 'maybe' }).success).toBe(false);
  });
});

describe('download name and stream events', () => {
  it("names a download image-<id> with the extension of the file's real format", () => {
    expect(textToImageDownloadName('abc', 'webp')).toBe('image-abc.webp');
    expect(textToImageDownloadName('abc', 'jpg')).toBe('image-abc.jpg');
  });

  it('tells progress, done and error events apart', () => {
    expect(
      TextToImageStreamEventSchema.parse({ type: 'progress', status: 'IN_QUEUE', queuePosition: 2 }),
    ).toEqual({
      type: 'progress',
      status: 'IN_QUEUE',
      queuePosition: 2,
    });
    expect(TextToImageStreamEventSchema.safeParse({ type: 'progress', status: 'DONE' }).success).toBe(false);
  });
});
