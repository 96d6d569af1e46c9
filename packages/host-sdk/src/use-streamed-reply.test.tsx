import './test-support/dom';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, ERROR_TEXTS } from '@act/contracts';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createFakeFetch, json } from './test-support/fake-fetch';
import { fakeEventStream, type FakeEventStream } from './test-support/fake-event-stream';
import { useStreamedReply } from './use-streamed-reply';

const EventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), id: z.string() }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), remainingCredits: z.number() }),
]);

const PATH = '/api/chat/chat-reasoning/send-message';
const SEND = endpoint({
  method: 'POST',
  path: PATH,
  access: 'member',
  request: z.object({ prompt: z.string().optional(), n: z.number().optional() }),
  events: EventSchema,
});

/** An API client whose send-message streams: each call opens a new fake stream the test writes to. */
function setup() {
  const streams: FakeEventStream[] = [];
  let announce: () => void = () => undefined;
  const fake = createFakeFetch({
    [`POST ${PATH}`]: (request) => {
      const stream = fakeEventStream(request.signal);
      streams.push(stream);
      announce();
      return stream.response;
    },
  });
  const api = createApiClient({
    getAccessToken: async () => 'token',
    refresh: async () => null,
    fetch: fake.fetch,
  });
  /** The n-th stream (0-based), once its request has been made. */
  const stream = async (n: number) => {
    while (!streams[n]) await new Promise<void>((resolve) => (announce = resolve));
    return streams[n];
  };
  return { api, fake, stream };
}

describe('useStreamedReply', () => {
  it('collects events as they arrive, passes remainingCredits on, and ends streaming with the stream', async () => {
    const { api, fake, stream } = setup();
    const onCreditsChange = vi.fn();
    const onEvent = vi.fn();
    const { result } = renderHook(() => useStreamedReply(api, SEND, { onCreditsChange, onEvent }));
    expect(result.current).toMatchObject({ events: [], streaming: false, error: undefined });

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.start({ body: { prompt: 'Why?' } });
    });
    expect(result.current.streaming).toBe(true);
    const wire = await stream(0);
    expect(fake.requests[0]).toMatchObject({
      body: { prompt: 'Why?' },
      headers: { accept: 'text/event-stream' },
    });

    await act(async () => wire!.send({ type: 'start', id: 'm1' }));
    await waitFor(() => expect(result.current.events).toEqual([{ type: 'start', id: 'm1' }]));
    await act(async () => wire!.send({ type: 'delta', text: 'Because' }));
    await waitFor(() => expect(result.current.events).toHaveLength(2));
    expect(result.current.streaming).toBe(true);

    await act(async () => {
      wire!.send({ type: 'done', remainingCredits: 44 });
      wire!.close();
      await done;
    });
    expect(result.current.events).toEqual([
      { type: 'start', id: 'm1' },
      { type: 'delta', text: 'Because' },
      { type: 'done', remainingCredits: 44 },
    ]);
    expect(result.current.streaming).toBe(false);
    expect(result.current.error).toBeUndefined();
    expect(onCreditsChange).toHaveBeenCalledExactlyOnceWith(44);
    expect(onEvent).toHaveBeenCalledTimes(3);
  });

  it("keeps the server's refusal as an ApiError, and the fallback for a dropped connection", async () => {
    const { api, fake } = setup();
    const { result } = renderHook(() =>
      useStreamedReply(api, SEND, { fallbackError: 'Failed to send message' }),
    );
    fake.on(`POST ${PATH}`, () =>
      json(
        { success: false, error: ERROR_TEXTS.toolUse.insufficientCredits, code: 'INSUFFICIENT_CREDITS' },
        402,
      ),
    );
    await act(() => result.current.start({ body: {} }));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({
      message: ERROR_TEXTS.toolUse.insufficientCredits,
      status: 402,
    });
    expect(result.current.streaming).toBe(false);

    fake.on(`POST ${PATH}`, (request) => {
      const wire = fakeEventStream(request.signal);
      queueMicrotask(() => {
        wire.send({ type: 'start', id: 'm2' });
        setTimeout(() => wire.fail(), 10);
      });
      return wire.response;
    });
    await act(() => result.current.start({ body: {} }));
    expect(result.current.events).toEqual([{ type: 'start', id: 'm2' }]);
    expect(result.current.error).toMatchObject({ message: 'Failed to send message', status: 0 });
  });

  it('aborts: the request closes, streaming stops, the events so far stay and no error shows', async () => {
    const { api, stream } = setup();
    const { result } = renderHook(() => useStreamedReply(api, SEND));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.start({ body: {} });
    });
    const wire = await stream(0);
    await act(async () => wire!.send({ type: 'start', id: 'm3' }));
    await waitFor(() => expect(result.current.events).toHaveLength(1));
    await act(async () => {
      result.current.abort();
      await done;
    });
    expect(result.current).toMatchObject({ streaming: false, error: undefined });
    expect(result.current.events).toEqual([{ type: 'start', id: 'm3' }]);
    // Whatever the server still sends is not read.
    wire!.send({ type: 'delta', text: 'late' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.events).toHaveLength(1);

    act(() => result.current.reset());
    expect(result.current.events).toEqual([]);
  });

  it('a new start aborts the running stream and begins with no events; unmounting aborts too', async () => {
    const { api, fake, stream } = setup();
    const { result, unmount } = renderHook(() => useStreamedReply(api, SEND));
    act(() => {
      void result.current.start({ body: { n: 1 } });
    });
    const first = await stream(0);
    await act(async () => first!.send({ type: 'start', id: 'first' }));
    await waitFor(() => expect(result.current.events).toHaveLength(1));

    act(() => {
      void result.current.start({ body: { n: 2 } });
    });
    expect(result.current.events).toEqual([]);
    const second = await stream(1);
    await act(async () => {
      first!.send({ type: 'delta', text: 'from the first' });
      second!.send({ type: 'start', id: 'second' });
    });
    await waitFor(() => expect(result.current.events).toEqual([{ type: 'start', id: 'second' }]));
    expect(result.current.streaming).toBe(true);
    expect(fake.requests[0]!.signal?.aborted).toBe(true);
    expect(fake.requests[1]!.signal?.aborted).toBe(false);

    unmount();
    expect(fake.requests[1]!.signal?.aborted).toBe(true);
  });
});
