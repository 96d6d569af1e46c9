import { describe, expect, it } from 'vitest';
import { dataUrlMaxChars, LIMITS } from './limits';

describe('limits', () => {
  it('pins the validation and cost figures', () => {
    expect(LIMITS.imageBytes).toBe(10_485_760);
    expect(LIMITS.audioBytes).toBe(5_242_880);
    expect(LIMITS.pdfBytes).toBe(10_485_760);
    expect([
      LIMITS.passwordMin,
      LIMITS.prompt,
      LIMITS.negativePrompt,
      LIMITS.ttsText,
      LIMITS.soundEffect,
    ]).toEqual([6, 1000, 200, 2000, 500]);
    expect([LIMITS.galleryPageSize, LIMITS.galleryScrollTriggerPx]).toEqual([8, 100]);
    expect([LIMITS.sessionPageSize, LIMITS.sessionScrollTriggerPx]).toEqual([10, 50]);
    expect([LIMITS.copiedMs, LIMITS.toastLimit, LIMITS.toastMaxWidthPx]).toEqual([2000, 20, 350]);
    expect(LIMITS.zoom).toEqual({ min: 0.25, max: 3, step: 0.25 });
    expect(LIMITS.slider).toEqual({ min: 0, max: 100, default: 50 });
    expect([LIMITS.newUserCredits, LIMITS.guestWindowHours]).toEqual([50, 24]);
    expect(LIMITS.realtimeReconnectDelaysMs).toEqual([1000, 2000, 5000, 10000]);
    expect(LIMITS.progress).toEqual({ cap: 90, stepMax: 10, intervalMs: 500 });
    expect(LIMITS.refresh.tickMs * LIMITS.refresh.marginTicks).toBe(90_000);
    expect(LIMITS.refund.subscriptionDays).toBe(7);
    expect(LIMITS.refund.paypalRefundBusinessDays).toEqual({ min: 1, max: 2 });
  });

  it('allows the base64 of a full-size upload', () => {
    expect(dataUrlMaxChars(3)).toBe(4 + 128);
    expect(LIMITS.imageDataUrlChars).toBeGreaterThanOrEqual(
      Math.ceil(LIMITS.imageBytes / 3) * 4 + 'data:image/webp;base64,'.length,
    );
  });
});
