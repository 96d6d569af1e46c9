import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  ERROR_HTTP_STATUS,
  ERROR_TEXTS,
  ErrorCode,
  downgradeKeepsCycle,
  insufficientCreditsChatAgent,
  invalidWebsiteUrl,
} from './errors';
import { toolCost } from './tools';

describe('error catalogue', () => {
  it('has the eighteen codes, each with one HTTP status', () => {
    expect(ERROR_CODES).toHaveLength(18);
    for (const code of ERROR_CODES) expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_HTTP_STATUS[ErrorCode.INSUFFICIENT_CREDITS]).toBe(402);
    expect(ERROR_HTTP_STATUS[ErrorCode.UNAUTHENTICATED]).toBe(401);
    expect(ERROR_HTTP_STATUS[ErrorCode.PROVIDER_UNAVAILABLE]).toBe(503);
    // A key's own monthly limit is a payment refusal like the balance and the cap.
    expect(ERROR_HTTP_STATUS[ErrorCode.API_KEY_LIMIT_REACHED]).toBe(402);
  });

  it('keeps the spec wording', () => {
    expect(ERROR_TEXTS.auth.failedToSignIn).toBe('Failed to sign in');
    expect(ERROR_TEXTS.toolUse.guestIpRequired).toBe('IP address required for guest usage');
    expect(ERROR_TEXTS.generic.unexpected).toBe('An unexpected error occurred');
    expect(ERROR_TEXTS.validation.invalidImage).toBe(
      'Please select a valid image file (PNG, JPG, JPEG, WebP)',
    );
    expect(ERROR_TEXTS.validation.imageTooLarge).toBe('Image file size must be less than 10MB');
    expect(ERROR_TEXTS.network.processBroccoliHaircut).toBe('Failed to process broccoli haircut');
    expect(ERROR_TEXTS.ui.downloadImageDot).toBe('Failed to download image.');
    expect(ERROR_TEXTS.chat.noAnswerReceived).toBe('No answer received.');
    expect(ERROR_TEXTS.youtube.getThumbnails).toBe('Failed to get thumbnails.');
    expect(ERROR_TEXTS.audio.processAudioRetry).toBe('Failed to process audio. Please try again.');
    expect(ERROR_TEXTS.subscription.paymentNotReady).toBe('Payment system not ready. Please try again.');
    expect(ERROR_TEXTS.usage.loadUsageHistory).toBe('Failed to load usage history');
  });

  it('builds the parameterised texts', () => {
    expect(insufficientCreditsChatAgent(7)).toBe(
      'Insufficient credits. 7 credits required (2 base + 5 for web search).',
    );
    expect(invalidWebsiteUrl('https://example.com')).toBe(
      'Please enter a valid website URL (e.g., https://example.com)',
    );
    expect(downgradeKeepsCycle('yearly')).toBe(
      'A downgrade keeps your current billing cycle. Choose the yearly price to downgrade.',
    );
    expect(ERROR_TEXTS.subscription.startSubscription).toBe('Failed to start subscription process');
  });

  it('quotes the same figures as the tool catalogue in insufficient-credit texts', () => {
    const v = ERROR_TEXTS.validation;
    expect(v.insufficientCreditsPlayground).toContain(`${toolCost('ai-chat-playground')} credits`);
    expect(v.insufficientCreditsReasoning).toContain(`${toolCost('chat-reasoning')} credits`);
    expect(v.insufficientCreditsWebChat).toContain(`${toolCost('ai-web-chat')} credits`);
    expect(v.insufficientCreditsYoutube).toContain(`${toolCost('youtube-summarizer')} credits`);
    expect(v.insufficientCreditsTextToImage).toContain(`${toolCost('text-to-image')} credits`);
  });
});
