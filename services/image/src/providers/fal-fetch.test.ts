// fal's client retries its queue requests itself (a submission up to three more times after a 502-504 or a reset
// connection); the fetch it is given classifies every failure by the one rule instead (docs/providers.md#retries),
// so paid work is never submitted twice.
import { describe, expect, it } from 'vitest';
import { ProviderError } from '@act/service-kit';
import { createFalFetch } from './fal-provider';

const answer = (status: number, headers: Record<string, string> = {}) =>
  createFalFetch(async () => new Response('{"detail":"down"}', { status, headers }));

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

describe('fal fetch', () => {
  it('passes answers below 400 through', async () => {
    const response = await createFalFetch(async () => new Response('{}', { status: 202 }))(
      'https://queue.fal.run/x',
    );
    expect(response.status).toBe(202);
  });

  it('marks a 5xx to a submission as not retryable, and to a read as retryable', async () => {
    const submit = await failureOf(answer(503)('https://queue.fal.run/x', { method: 'POST' }));
    expect(submit).toMatchObject({ provider: 'fal', status: 503, retryable: false });
    expect(submit.message).toContain('down');
    const read = await failureOf(answer(503)('https://queue.fal.run/x/requests/1/status', { method: 'GET' }));
    expect(read).toMatchObject({ status: 503, retryable: true });
  });

  it('lets a 429 be retried after the Retry-After fal sent', async () => {
    const error = await failureOf(
      answer(429, { 'retry-after': '2' })('https://queue.fal.run/x', { method: 'POST' }),
    );
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 2_000 });
  });

  it('hides network codes from the client, retrying only a connection refused before sending', async () => {
    const failing = (code: string) =>
      createFalFetch(async () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
      });
    const reset = await failureOf(failing('ECONNRESET')('https://queue.fal.run/x', { method: 'POST' }));
    expect(reset).toMatchObject({ retryable: false });
    expect(reset.cause).toBeUndefined();
    const refused = await failureOf(failing('ECONNREFUSED')('https://queue.fal.run/x', { method: 'POST' }));
    expect(refused).toMatchObject({ retryable: true });
  });
});
