// The provider's fetch against a local server: what it sends, bodies read as the SDK reads them (an event stream
// through its async iterator, anything else with text()/json()), compressed replies, and aborts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from './node-http-fetch';

let server: http.Server;
let base: string;
const seen: Array<{ method?: string; headers: http.IncomingHttpHeaders; body: string }> = [];
const closed: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      res.on('close', () => closed.push(req.url ?? ''));
      if (req.url === '/sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: 1\n\n');
        setTimeout(() => res.end('data: 2\n\n'), 20);
      } else if (req.url === '/sse-gzip') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync('data: zipped\n\n'));
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
      } else if (req.url === '/json') {
        res.writeHead(429, { 'content-type': 'application/json', 'x-request-id': 'r1' });
        res.end('{"error":{"message":"slow down"}}');
      } else {
        res.writeHead(204);
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function text(body: unknown): Promise<string> {
  let out = '';
  for await (const chunk of body as AsyncIterable<Uint8Array>) out += Buffer.from(chunk).toString();
  return out;
}

describe('node http fetch', () => {
  const fetcher = createNodeHttpFetch();

  it('sends the method, headers and body, and streams an event stream as it comes', async () => {
    const response = await fetcher(`${base}/sse`, {
      method: 'post',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await text(response.body)).toBe('data: 1\n\ndata: 2\n\n');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { authorization: 'Bearer k', 'content-length': '7', host: base.slice('http://'.length) },
    });
  });

  it('decodes a compressed reply, reads other bodies as fetch does, and answers a bodiless status', async () => {
    expect(await text((await fetcher(`${base}/sse-gzip`)).body)).toBe('data: zipped\n\n');
    const error = await fetcher(`${base}/json`);
    expect([error.status, error.ok, error.headers.get('x-request-id')]).toEqual([429, false, 'r1']);
    expect(await error.json()).toEqual({ error: { message: 'slow down' } });
    const empty = await fetcher(`${base}/none`);
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('aborts with an AbortError before and during the body, closing the connection', async () => {
    const early = new AbortController();
    early.abort();
    await expect(fetcher(`${base}/sse`, { signal: early.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });

    const controller = new AbortController();
    const response = await fetcher(`${base}/slow`, { signal: controller.signal });
    const iterator = (response.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    expect(Buffer.from((await iterator.next()).value as Uint8Array).toString()).toBe('data: first\n\n');
    controller.abort();
    await expect(iterator.next()).rejects.toMatchObject({ name: 'AbortError' });
    await expect.poll(() => closed).toContain('/slow');
  });

  it('fails like fetch when nothing answers', async () => {
    await expect(fetcher('http://127.0.0.1:9/')).rejects.toThrow(TypeError);
  });
});
