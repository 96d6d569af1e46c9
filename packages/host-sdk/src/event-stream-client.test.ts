import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, ERROR_TEXTS } from '@act/contracts';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createFakeFetch, json, type FakeFetch } from './test-support/fake-fetch';
import { fakeEventStream, type FakeEventStream } from './test-support/fake-event-stream';

const EventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), id: z.string() }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), remainingCredits: z.number() }),
]);
type Event = z.infer<typeof EventSchema>;

const PATH = '/api/chat/send-message';

/** A streamed endpoint at `path`: a JSON body in, these events out. */
function sendTo(path: string) {
  return endpoint({
    method: 'POST',
    path,
    access: 'member',
    request: z.object({ prompt: z.string().optional() }),
    events: EventSchema,
  });
}
const SEND = sendTo(PATH);

function clientWith(fake: FakeFetch, fresh: string | null = 'new') {
  const refresh = vi.fn(async () => fresh);
  const api = createApiClient({ getAccessToken: async () => 'old', refresh, fetch: fake.fetch });
  return { api, refresh };
}

/** A fake fetch whose send-message answers with a stream the test then writes. */
function streamingFetch() {
  let stream: FakeEventStream | undefined;
  let opened: (s: FakeEventStream) => void = () => undefined;
  const open = new Promise<FakeEventStream>((resolve) => (opened = resolve));
  const fake = createFakeFetch({
    [`POST ${PATH}`]: (request) => {
      stream = fakeEventStream(request.signal);
      opened(stream);
      return stream.response;
    },
  });
  return { fake, open, current: () => stream };
}

/** Takes the iterator's next event, failing the test rather than hanging if none comes. */
async function next(iterator: AsyncIterator<Event>): Promise<IteratorResult<Event>> {
  return Promise.race([
    iterator.next(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event arrived')), 1_000)),
  ]);
}

describe('api.stream', () => {
  it('POSTs JSON asking for an event stream with the bearer token, and yields each event as it arrives', async () => {
    const { fake, open } = streamingFetch();
    const { api } = clientWith(fake);
    const iterator = api.stream(SEND, { body: { prompt: 'Hi' } })[Symbol.asyncIterator]();
    const first = next(iterator);
    const stream = await open;
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      body: { prompt: 'Hi' },
      headers: {
        accept: 'text/event-stream',
        authorization: 'Bearer old',
        'content-type': 'application/json',
      },
    });
    stream.send({ type: 'start', id: 'm1' });
    expect(await first).toEqual({ done: false, value: { type: 'start', id: 'm1' } });
    // An event split over chunks, a heartbeat comment and CRLF line ends are all the wire may bring.
    stream.write('data: {"type":"delta",');
    stream.write('"text":"Hel"}\n');
    stream.write('\n: ping\n\n');
    stream.write('data: {"type":"delta","text":"lo"}\r\n\r\n');
    expect((await next(iterator)).value).toEqual({ type: 'delta', text: 'Hel' });
    expect((await next(iterator)).value).toEqual({ type: 'delta', text: 'lo' });
    stream.send({ type: 'done', remainingCredits: 45 });
    stream.close();
    expect((await next(iterator)).value).toEqual({ type: 'done', remainingCredits: 45 });
    expect((await next(iterator)).done).toBe(true);
  });

  it('refreshes the token once on 401 and streams from the retry', async () => {
    const { fake } = streamingFetch();
    const handler = fake.requests;
    fake.on(`POST ${PATH}`, (request) => {
      if (request.headers.authorization !== 'Bearer new') {
        return json(
          { success: false, error: 'Invalid or expired access token', code: 'UNAUTHENTICATED' },
          401,
        );
      }
      const stream = fakeEventStream(request.signal);
      stream.send({ type: 'start', id: 'm2' });
      stream.close();
      return stream.response;
    });
    const { api, refresh } = clientWith(fake);
    const events: Event[] = [];
    for await (const event of api.stream(SEND, { body: {} })) events.push(event);
    expect(events).toEqual([{ type: 'start', id: 'm2' }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(handler.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it("throws the server's refusal as the ApiError a JSON call would", async () => {
    const fake = createFakeFetch({
      [`POST ${PATH}`]: () =>
        json(
          { success: false, error: ERROR_TEXTS.toolUse.insufficientCredits, code: 'INSUFFICIENT_CREDITS' },
          402,
        ),
      'POST /api/guest': () =>
        json({ success: false, error: 'Sign up to continue', code: 'NEEDS_SIGNUP', needsSignup: true }, 403),
      'POST /api/down': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const { api } = clientWith(fake, null);
    const drain = async (path: string) => {
      for await (const event of api.stream(sendTo(path), { body: {}, fallbackError: 'Failed' })) void event;
    };
    const refused = await drain(PATH).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      message: ERROR_TEXTS.toolUse.insufficientCredits,
      code: 'INSUFFICIENT_CREDITS',
      status: 402,
    });
    await expect(drain('/api/guest')).rejects.toMatchObject({ needsSignup: true, status: 403 });
    await expect(drain('/api/down')).rejects.toMatchObject({ message: 'Failed', status: 502 });
  });

  it('throws the fallback for an event the schema refuses, a JSON success, or a dropped connection', async () => {
    const { fake, open } = streamingFetch();
    const { api } = clientWith(fake);
    const options = { body: {}, fallbackError: 'Failed to send message' };
    const bad = api.stream(SEND, options)[Symbol.asyncIterator]();
    const reading = next(bad);
    const stream = await open;
    stream.send({ type: 'delta', text: 42 });
    await expect(reading).rejects.toMatchObject({ message: 'Failed to send message', code: 'INTERNAL' });
    expect(stream.cancelled).toBe(true);

    fake.on(`POST ${PATH}`, () => json({ success: true, response: 'whole' }));
    await expect(api.stream(SEND, options).next()).rejects.toMatchObject({
      message: 'Failed to send message',
      code: 'INTERNAL',
    });

    const dropped = fakeEventStream();
    fake.on(`POST ${PATH}`, () => dropped.response);
    const iterator = api.stream(SEND, options);
    dropped.send({ type: 'start', id: 'm3' });
    expect((await iterator.next()).value).toEqual({ type: 'start', id: 'm3' });
    dropped.fail();
    await expect(iterator.next()).rejects.toMatchObject({
      message: 'Failed to send message',
      code: 'SERVICE_UNAVAILABLE',
      status: 0,
    });
  });

  it('stops with an AbortError when the signal aborts, and cancels the body when the loop is left', async () => {
    const { fake, open } = streamingFetch();
    const { api } = clientWith(fake);
    const controller = new AbortController();
    const iterator = api.stream(SEND, { body: {}, signal: controller.signal });
    const first = iterator.next();
    const stream = await open;
    stream.send({ type: 'start', id: 'm4' });
    await first;
    const pending = iterator.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const second = streamingFetch();
    const { api: api2 } = clientWith(second.fake);
    const reading = (async () => {
      for await (const event of api2.stream(SEND, { body: {} })) {
        if (event.type === 'start') break;
      }
    })();
    const secondStream = await second.open;
    secondStream.send({ type: 'start', id: 'm5' });
    await reading;
    expect(secondStream.cancelled).toBe(true);
  });
});
