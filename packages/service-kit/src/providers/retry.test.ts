// The one retry rule (docs/providers.md#retries): what is retried, how often, the pause (back-off with jitter, or
// the provider's Retry-After), and that a stopped caller stops it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from './provider-error';
import { retryProviderCall, retryVerdict } from './retry';

/** An error as the SDKs throw it: a status, and maybe the response's headers. */
function httpError(status: number, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`HTTP ${status}`), { status, headers: new Headers(headers) });
}

const refused = () =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  });

/** A call that fails with each of `failures` in turn, then answers 'ok'; counts its attempts. */
function scripted(...failures: unknown[]) {
  const call = vi.fn(async () => {
    const next = failures.shift();
    if (next !== undefined) throw next;
    return 'ok';
  });
  return call;
}

afterEach(() => vi.restoreAllMocks());

describe('retryVerdict', () => {
  const paid = { idempotent: false };
  const read = { idempotent: true };

  it('retries a call refused before it was sent, and a 429, whatever the call', () => {
    expect(retryVerdict(refused(), paid)).toEqual({ retry: true });
    expect(retryVerdict(httpError(429), paid)).toEqual({ retry: true });
  });

  it('retries a 5xx only for a call that is safe to repeat', () => {
    expect(retryVerdict(httpError(503), paid)).toEqual({ retry: false });
    expect(retryVerdict(httpError(503), read)).toEqual({ retry: true });
  });

  it("follows an adapter's own classification in a ProviderError", () => {
    const classified = new ProviderError('x', 'upstream', { status: 502, retryable: true, retryAfterMs: 10 });
    expect(retryVerdict(classified, paid)).toEqual({ retry: true, afterMs: 10 });
    expect(retryVerdict(new ProviderError('x', 'upstream', { status: 429 }), read)).toEqual({ retry: false });
  });

  it('never retries a client error, a timeout, a reset connection or a stopped call', () => {
    expect(retryVerdict(httpError(400), read)).toEqual({ retry: false });
    expect(retryVerdict(Object.assign(new Error('t'), { name: 'APIConnectionTimeoutError' }), read)).toEqual({
      retry: false,
    });
    expect(retryVerdict(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), read)).toEqual({
      retry: false,
    });
    expect(retryVerdict(new DOMException('gone', 'AbortError'), read)).toEqual({ retry: false });
    const stopped = new AbortController();
    stopped.abort();
    expect(retryVerdict(httpError(429), { ...read, signal: stopped.signal })).toEqual({ retry: false });
  });

  it('honours a Retry-After within the ceiling and refuses a longer one', () => {
    expect(retryVerdict(httpError(429, { 'retry-after': '2' }), paid)).toEqual({
      retry: true,
      afterMs: 2_000,
    });
    expect(
      retryVerdict(httpError(429, { 'retry-after': '120' }), { ...paid, maxRetryAfterMs: 1_000 }),
    ).toEqual({
      retry: false,
    });
    const raw = Object.assign(new Error('x'), {
      statusCode: 429,
      rawResponse: { headers: { 'Retry-After': '1' } },
    });
    expect(retryVerdict(raw, paid)).toEqual({ retry: true, afterMs: 1_000 });
  });
});

describe('retryProviderCall', () => {
  it('retries once by default after a jittered pause, then succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const call = scripted(httpError(503));
    const started = performance.now();
    expect(await retryProviderCall(call, { idempotent: true, delayMs: 40 })).toBe('ok');
    const waited = performance.now() - started;
    expect(call).toHaveBeenCalledTimes(2);
    // 40 ms × (1 + 0.5): the random factor in [1, 2) is the jitter.
    expect(waited).toBeGreaterThanOrEqual(55);
    expect(waited).toBeLessThan(500);
  });

  it('gives up after its retries with the last failure, unchanged', async () => {
    const last = httpError(502);
    const call = scripted(httpError(500), last, httpError(500));
    await expect(retryProviderCall(call, { idempotent: true, delayMs: 1 })).rejects.toBe(last);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('doubles the pause for each further retry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const starts: number[] = [];
    const call = scripted(httpError(429), httpError(429), httpError(429));
    await retryProviderCall(
      async () => {
        starts.push(performance.now());
        return call();
      },
      { idempotent: false, retries: 3, delayMs: 30 },
    );
    expect(call).toHaveBeenCalledTimes(4);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
    // 30, 60, 120 ms (the random factor pinned to 1).
    expect(gaps[0]).toBeGreaterThanOrEqual(28);
    expect(gaps[1]).toBeGreaterThanOrEqual(58);
    expect(gaps[2]).toBeGreaterThanOrEqual(118);
  });

  it('does not retry what the rule refuses', async () => {
    const call = scripted(httpError(500));
    await expect(retryProviderCall(call, { idempotent: false, delayMs: 1 })).rejects.toMatchObject({
      status: 500,
    });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("waits the provider's Retry-After instead of the back-off, and counts it as a retry", async () => {
    const call = scripted(httpError(429, { 'retry-after': '0.05' }), httpError(429, { 'retry-after': '0' }));
    const started = performance.now();
    await expect(retryProviderCall(call, { idempotent: false, delayMs: 5_000 })).rejects.toMatchObject({
      status: 429,
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("ends a pause with the caller's reason when the caller stops", async () => {
    const stop = new AbortController();
    const call = scripted(refused(), refused());
    const reason = new DOMException('The client closed the connection', 'AbortError');
    setTimeout(() => stop.abort(reason), 20);
    const started = performance.now();
    await expect(
      retryProviderCall(call, { idempotent: true, delayMs: 5_000, signal: stop.signal }),
    ).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
