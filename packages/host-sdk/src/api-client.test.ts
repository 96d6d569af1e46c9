import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CHAT_ENDPOINTS, endpoint, ERROR_TEXTS, PROMPT_ENDPOINTS, VOICE_ENDPOINTS } from '@act/contracts';
import { createApiClient, type ApiClient } from './api-client';
import { ApiError } from './api-error';
import { endpointUrl } from './endpoint-call';
import { fakeEventStream, type FakeEventStream } from './test-support/fake-event-stream';
import { createFakeFetch, json } from './test-support/fake-fetch';

const ThingReplySchema = z.object({ success: z.literal(true), value: z.number() });

/** Endpoints of each shape a call can take: a query, path parameters with a body, a body alone, neither. */
const THING = endpoint({
  method: 'GET',
  path: '/api/things',
  access: 'member',
  request: z.object({
    cursor: z.string().optional(),
    limit: z.number().optional(),
    q: z.string().optional(),
  }),
  reply: ThingReplySchema,
});
const RENAME = endpoint({
  method: 'PATCH',
  path: '/api/things/:id/names/:lang',
  access: 'member',
  params: z.object({ id: z.string(), lang: z.string() }),
  request: z.object({ title: z.string() }),
  reply: z.object({ success: z.literal(true) }),
});
const CREATE = endpoint({
  method: 'POST',
  path: '/api/things',
  access: 'guest',
  request: z.object({ a: z.number() }),
  reply: z.object({ success: z.literal(true) }),
});
const STATUS = endpoint({ method: 'GET', path: '/api/status', access: 'public', reply: ThingReplySchema });

function clientWith(fake: ReturnType<typeof createFakeFetch>, token = 'old', fresh: string | null = 'new') {
  const refresh = vi.fn(async () => fresh);
  const api = createApiClient({ getAccessToken: async () => token, refresh, fetch: fake.fetch });
  return { api, refresh };
}

function offlineClient(): ApiClient {
  return createApiClient({
    getAccessToken: async () => null,
    refresh: async () => null,
    fetch: async () => {
      throw new TypeError('Failed to fetch');
    },
  });
}

describe('api.call', () => {
  it('attaches the bearer token and resolves to the reply parsed by the endpoint', async () => {
    const fake = createFakeFetch({ 'GET /api/status': () => json({ success: true, value: 3, extra: 'x' }) });
    const { api } = clientWith(fake);
    const reply = await api.call(STATUS);
    expect(reply).toEqual({ success: true, value: 3 });
    expect(fake.requests[0]).toMatchObject({ method: 'GET', url: '/api/status', body: undefined });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer old');
    expect(fake.requests[0]!.headers['content-type']).toBeUndefined();
  });

  it('fills the path parameters (encoded) and sends the body of a PATCH', async () => {
    const fake = createFakeFetch({ 'PATCH /api/things/a%2Fb%20c/names/en': () => json({ success: true }) });
    const { api } = clientWith(fake);
    await expect(
      api.call(RENAME, { params: { id: 'a/b c', lang: 'en' }, body: { title: 'Trip' } }),
    ).resolves.toEqual({ success: true });
    expect(fake.requests[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/things/a%2Fb%20c/names/en',
      body: { title: 'Trip' },
    });
    expect(fake.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('builds the query in the order given, leaving out missing and empty values', async () => {
    const fake = createFakeFetch({ 'GET /api/things': () => json({ success: true, value: 1 }) });
    const { api } = clientWith(fake);
    await api.call(THING, { query: { cursor: 'c&1=', limit: 10, q: '' } });
    await api.call(THING, { query: { cursor: undefined, q: 'a b' } });
    await api.call(THING);
    expect(fake.requests.map((r) => r.url)).toEqual([
      '/api/things?cursor=c%261%3D&limit=10',
      '/api/things?q=a+b',
      '/api/things',
    ]);
    expect(fake.requests.every((r) => r.body === undefined)).toBe(true);
  });

  it('builds the same URL for a plain link to an endpoint (endpointUrl)', () => {
    expect(endpointUrl(VOICE_ENDPOINTS.voicePreview, { params: { voiceId: 'x y' } })).toBe(
      '/api/voice/voices/x%20y/preview',
    );
    expect(endpointUrl(VOICE_ENDPOINTS.history, { query: { tool: 'sound-effects', limit: 5 } })).toBe(
      '/api/voice/history?tool=sound-effects&limit=5',
    );
    expect(() => endpointUrl(RENAME, { params: { id: 'x' } as never })).toThrow(/lang/);
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    const fake = createFakeFetch({
      'POST /api/things': (request) =>
        request.headers.authorization === 'Bearer new'
          ? json({ success: true })
          : json({ success: false, error: 'Invalid or expired access token', code: 'UNAUTHENTICATED' }, 401),
    });
    const { api, refresh } = clientWith(fake);
    await expect(api.call(CREATE, { body: { a: 1 } })).resolves.toEqual({ success: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body).toEqual({ a: 1 });
  });

  it('does not loop when the retry is refused again', async () => {
    const fake = createFakeFetch({
      'GET /api/status': () =>
        json({ success: false, error: 'Authentication required', code: 'UNAUTHENTICATED' }, 401),
    });
    const { api, refresh } = clientWith(fake);
    await expect(api.call(STATUS)).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(2);
  });

  it("shows the server's error text, with its code and the needsSignup flag", async () => {
    const fake = createFakeFetch({
      'POST /api/things': () =>
        json({ success: false, error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402),
    });
    const { api } = clientWith(fake);
    const error: unknown = await api
      .call(CREATE, { body: { a: 1 }, fallbackError: 'Failed to generate prompt' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Insufficient credits',
      code: 'INSUFFICIENT_CREDITS',
      status: 402,
    });
    fake.on('POST /api/things', () =>
      json({ success: false, error: 'Sign up to continue', code: 'NEEDS_SIGNUP', needsSignup: true }, 403),
    );
    const guest: unknown = await api.call(CREATE, { body: { a: 1 } }).catch((e: unknown) => e);
    expect(guest).toMatchObject({ needsSignup: true, code: 'NEEDS_SIGNUP' });
  });

  it('falls back to the spec text when the reply carries none', async () => {
    const fake = createFakeFetch({
      'GET /api/status': () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    const { api } = clientWith(fake);
    await expect(api.call(STATUS, { fallbackError: 'Failed to fetch usage history' })).rejects.toMatchObject({
      message: 'Failed to fetch usage history',
      code: 'PROVIDER_FAILED',
      status: 502,
    });
  });

  it('turns a network failure into the fallback text with status 0', async () => {
    await expect(
      offlineClient().call(STATUS, { fallbackError: 'Failed to generate image' }),
    ).rejects.toMatchObject({ message: 'Failed to generate image', code: 'SERVICE_UNAVAILABLE', status: 0 });
  });

  it('treats a success reply its reply schema refuses as a failure with the fallback text', async () => {
    const fake = createFakeFetch({ 'GET /api/status': () => json({ success: true, value: 'three' }) });
    const { api } = clientWith(fake);
    await expect(api.call(STATUS, { fallbackError: 'Failed to fetch images' })).rejects.toMatchObject({
      message: 'Failed to fetch images',
      code: 'INTERNAL',
      status: 200,
    });
  });

  it('rejects with the AbortError when the signal aborts, whether before or while the call waits', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fake = createFakeFetch({
      'GET /api/status': (request) =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          request.signal?.addEventListener('abort', () => reject(request.signal!.reason));
        }),
    });
    const { api } = clientWith(fake);
    const controller = new AbortController();
    const pending = api.call(STATUS, { signal: controller.signal });
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    expect(fake.requests[0]!.signal).toBe(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    answer(json({ success: true, value: 1 }));

    const aborted = AbortSignal.abort();
    const early = createApiClient({
      getAccessToken: async () => null,
      refresh: async () => null,
      fetch: async (_input, init) => {
        init?.signal?.throwIfAborted();
        return json({ success: true, value: 1 });
      },
    });
    await expect(early.call(STATUS, { signal: aborted })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends no authorization header for a guest', async () => {
    const fake = createFakeFetch({ 'POST /api/things': () => json({ success: true }) });
    const api = createApiClient({
      getAccessToken: async () => null,
      refresh: async () => null,
      fetch: fake.fetch,
    });
    await api.call(CREATE, { body: { a: 1 } });
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('api.fetchRaw', () => {
  it('hands back the response of any status after the same one refresh, with the Accept asked for', async () => {
    const fake = createFakeFetch({
      'POST /api/things': (request) =>
        request.headers.authorization === 'Bearer new'
          ? json({ success: false, error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' }, 402)
          : json({ success: false, error: 'Authentication required', code: 'UNAUTHENTICATED' }, 401),
    });
    const { api, refresh } = clientWith(fake);
    const response = await api.fetchRaw(CREATE, { body: { a: 1 }, accept: 'text/event-stream' });
    expect(response.status).toBe(402);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fake.requests.map((r) => r.headers.accept)).toEqual(['text/event-stream', 'text/event-stream']);
    expect(fake.requests.map((r) => r.body)).toEqual([{ a: 1 }, { a: 1 }]);
    await expect(offlineClient().fetchRaw(STATUS, { fallbackError: 'Offline' })).rejects.toMatchObject({
      message: 'Offline',
      code: 'SERVICE_UNAVAILABLE',
      status: 0,
    });
  });
});

// Checked by `npm run typecheck`, never run: a call's parts are typed by the endpoint's schemas, so a renamed field
// or a missing path parameter fails the build instead of answering 400 at run time.
export function typedCalls(api: ApiClient) {
  // The reply is the endpoint's reply schema's output.
  const prompt: Promise<string> = api
    .call(PROMPT_ENDPOINTS.generateTextPrompt, { body: { text: 'x', toolName: 'magic-enhance' } })
    .then((reply) => reply.prompt);
  // @ts-expect-error a renamed body field (`text` → `txt`)
  void api.call(PROMPT_ENDPOINTS.generateTextPrompt, { body: { txt: 'x' } });
  // @ts-expect-error a POST needs its body
  void api.call(PROMPT_ENDPOINTS.generateTextPrompt);
  // @ts-expect-error a GET sends a query, not a body
  void api.call(VOICE_ENDPOINTS.history, { body: { tool: 'sound-effects' } });
  // @ts-expect-error a renamed query field
  void api.call(VOICE_ENDPOINTS.history, { query: { tools: 'sound-effects' } });
  // @ts-expect-error the `:id` path parameter is required
  void api.call(VOICE_ENDPOINTS.job, {});
  // @ts-expect-error a renamed path parameter
  void api.call(VOICE_ENDPOINTS.job, { params: { jobId: 'x' } });
  // @ts-expect-error a renamed reply field
  void api.call(CHAT_ENDPOINTS.status).then((reply) => reply.availabl);
  // @ts-expect-error only streamed endpoints stream
  void api.stream(CHAT_ENDPOINTS.status);
  const events = api.stream(CHAT_ENDPOINTS.reasoning.sendMessage, { body: { prompt: 'Hi' } });
  return { prompt, events };
}

// api.stream: the events of a streamed endpoint, read from the event-stream reply.
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
    const { api } = clientWith(fake, 'old', null);
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
