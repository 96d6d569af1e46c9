// The one provider error: what failed, whether retryable, the status, the member's text; and what the rule reads
// from the SDKs' errors (status, Retry-After, timeouts, a connection refused before sending).
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError } from '../errors';
import { ProviderError, isTimeoutError, neverSent, providerStatusOf, retryAfterMsOf } from './provider-error';

describe('ProviderError', () => {
  it('says what failed, how, and what the member is told', () => {
    const error = new ProviderError('The provider call failed (HTTP 503)', 'upstream', {
      provider: 'openai',
      operation: 'magic-enhance',
      status: 503,
      retryable: true,
    });
    expect(error).toMatchObject({
      name: 'ProviderError',
      kind: 'upstream',
      provider: 'openai',
      operation: 'magic-enhance',
      status: 503,
      retryable: true,
      memberText: ERROR_TEXTS.server.providerFailed,
    });
    expect(new ProviderError('x', 'timeout').retryable).toBe(false);
  });

  it('becomes a 502 with its text, or the tool’s own', () => {
    const error = new ProviderError('x', 'empty', { memberText: ERROR_TEXTS.youtube.generateSummaryRetry });
    const reply = error.toAppError();
    expect(reply).toBeInstanceOf(AppError);
    expect(reply).toMatchObject({ code: ErrorCode.PROVIDER_FAILED, status: 502 });
    expect(reply.message).toBe(ERROR_TEXTS.youtube.generateSummaryRetry);
    expect(error.toAppError(ERROR_TEXTS.ui.generateImageRetry).message).toBe(
      ERROR_TEXTS.ui.generateImageRetry,
    );
    expect(reply.cause).toBe(error);
  });
});

describe('reading provider failures', () => {
  it('finds the status in status or statusCode', () => {
    expect(providerStatusOf({ status: 429 })).toBe(429);
    expect(providerStatusOf({ statusCode: 503 })).toBe(503);
    expect(providerStatusOf(new Error('no status'))).toBeUndefined();
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMsOf({ headers: new Headers({ 'retry-after': '1.5' }) }, now)).toBe(1_500);
    expect(retryAfterMsOf({ headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' } }, now)).toBe(3_000);
    expect(retryAfterMsOf({ headers: new Headers() }, now)).toBeUndefined();
  });

  it('tells a connection refused before sending from one reset after', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
    });
    expect(neverSent(refused)).toBe(true);
    expect(neverSent(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
  });

  it('recognises timeouts of the SDKs and of AbortSignal.timeout', () => {
    expect(isTimeoutError(new DOMException('t', 'TimeoutError'))).toBe(true);
    expect(isTimeoutError(Object.assign(new Error('t'), { name: 'APIConnectionTimeoutError' }))).toBe(true);
    expect(isTimeoutError(new ProviderError('t', 'timeout'))).toBe(true);
    expect(isTimeoutError(new Error('other'))).toBe(false);
  });
});
