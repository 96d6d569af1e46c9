// The routed YouTube fetch retries reads once by the one rule (docs/providers.md#retries): a 429 or 5xx answer, or a
// connection refused; anything else, and every other method, is asked once.
import { describe, expect, it, vi } from 'vitest';
import { createYoutubeFetch } from './youtube-fetch';

function stub(...statuses: number[]) {
  return vi.fn(async (_input: string | URL | Request, _init?: RequestInit) => {
    const status = statuses.shift() ?? 200;
    return new Response(status === 200 ? 'ok' : 'unavailable', { status });
  });
}

const url = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const options = { youtubeBaseUrl: 'http://127.0.0.1:1', timeoutMs: 2_000 };

describe('youtube fetch', () => {
  it('asks a read again after a 5xx, and answers with the second response', async () => {
    const base = stub(503, 200);
    const response = await createYoutubeFetch({ ...options, fetch: base })(url);
    expect(response.status).toBe(200);
    expect(base).toHaveBeenCalledTimes(2);
  });

  it('returns the last answer when the retry fails too, as the callers read it', async () => {
    const base = stub(503, 502, 200);
    const response = await createYoutubeFetch({ ...options, fetch: base })(url, { method: 'HEAD' });
    expect(response.status).toBe(502);
    expect(base).toHaveBeenCalledTimes(2);
  });

  it('asks once for a 404 and for anything but GET and HEAD', async () => {
    const notFound = stub(404);
    expect((await createYoutubeFetch({ ...options, fetch: notFound })(url)).status).toBe(404);
    expect(notFound).toHaveBeenCalledTimes(1);
    const post = stub(503);
    expect((await createYoutubeFetch({ ...options, fetch: post })(url, { method: 'POST' })).status).toBe(503);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
