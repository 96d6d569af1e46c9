import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import {
  apiReply,
  AudioDataUrlSchema,
  dataUrlByteLength,
  ErrorReplySchema,
  ImageDataUrlSchema,
  PdfDataUrlSchema,
  successReply,
} from './common';
import { z } from 'zod';

/** A data URL whose payload decodes to exactly `bytes` bytes. */
function dataUrl(mime: string, bytes: number): string {
  return `data:${mime};base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;
}

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('data URL uploads', () => {
  it('accepts a full 10 MB image and rejects a larger one with the spec text', () => {
    expect(ImageDataUrlSchema.safeParse(dataUrl('image/png', LIMITS.imageBytes)).success).toBe(true);
    const tooBig = ImageDataUrlSchema.safeParse(dataUrl('image/png', LIMITS.imageBytes + 4096));
    expect(firstMessage(tooBig)).toBe(ERROR_TEXTS.validation.imageTooLarge);
  });

  it('rejects non-images with the spec text', () => {
    expect(firstMessage(ImageDataUrlSchema.safeParse('data:text/plain;base64,AAAA'))).toBe(
      ERROR_TEXTS.validation.invalidImage,
    );
    expect(firstMessage(ImageDataUrlSchema.safeParse(42))).toBe(ERROR_TEXTS.validation.invalidImage);
    expect(ImageDataUrlSchema.safeParse('data:image/jpeg;base64,AAAA').success).toBe(true);
  });

  it('checks PDF and audio types', () => {
    expect(PdfDataUrlSchema.safeParse('data:application/pdf;base64,AAAA').success).toBe(true);
    expect(firstMessage(PdfDataUrlSchema.safeParse('data:image/png;base64,AAAA'))).toBe(
      'Please select a valid PDF file',
    );
    expect(AudioDataUrlSchema.safeParse('data:audio/mpeg;base64,AAAA').success).toBe(true);
    expect(firstMessage(AudioDataUrlSchema.safeParse(dataUrl('audio/wav', LIMITS.audioBytes + 4096)))).toBe(
      'Audio file size must be less than 5MB',
    );
  });

  it('computes decoded byte length from the base64 payload', () => {
    expect(dataUrlByteLength('data:image/png;base64,AAAA')).toBe(3);
    expect(dataUrlByteLength('data:image/png;base64,AAA=')).toBe(2);
    expect(dataUrlByteLength('data:image/png;base64,AA==')).toBe(1);
  });
});

describe('reply envelopes', () => {
  it('tells success and error replies apart', () => {
    const Reply = apiReply(successReply({ prompt: z.string() }));
    expect(Reply.parse({ success: true, prompt: 'p' })).toEqual({ success: true, prompt: 'p' });
    const error = Reply.parse({
      success: false,
      error: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(error.success).toBe(false);
    expect(ErrorReplySchema.safeParse({ success: false, error: 'x', code: 'TEAPOT' }).success).toBe(false);
  });
});
