// State of one streamed reply (a chat answer growing on screen): start a stream, collect its events as they arrive,
// know whether it still streams, its error, and abort it. Built on ApiClient.stream, so the token, refresh and error
// texts are those of every other call.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode, failureTextOf } from '@act/contracts';
import type { ApiClient } from './api-client';
import { ApiError, isApiError } from './api-error';
import type { CallArgs, CallRequest, EventOf, StreamedEndpoint } from './endpoint-call';

export interface StreamedReplyOptions<T> {
  /** Spec text for a failure the server did not word (lost connection, unreadable event); the endpoint's own unless given. */
  fallbackError?: string;
  /**
   * Receives the `remainingCredits` of every event that carries a number there (ToolHost.onCreditsChange), so the
   * header balance follows the reply's last event.
   */
  onCreditsChange?(remainingCredits: number): void;
  /** Called with each event as it arrives (after it joined `events`): scroll, announce, remember an id. */
  onEvent?(event: T): void;
}

export interface StreamedReply<E extends StreamedEndpoint> {
  /** The current stream's events so far, in order; emptied when the next stream starts. */
  events: readonly EventOf<E>[];
  /** True from start() until the stream ends, fails or is aborted. */
  streaming: boolean;
  /** Why the current stream failed: the server's refusal (402, 401 needing sign-in...) or the fallback text. */
  error: ApiError | undefined;
  /**
   * Calls the endpoint (its body, params) asking for an event stream and collects its events. A stream still
   * running is aborted first. Resolves when the stream has ended, failed or been aborted; never rejects (failures
   * land in `error`).
   */
  start(request: CallRequest<E>): Promise<void>;
  /**
   * Stops reading: the request is closed and `streaming` turns false, events so far stay. Not a Stop button: the
   * server carries on with a reply whose reader left (chat replies are saved anyway); Stop is its own call.
   */
  abort(): void;
  /** Aborts any stream and forgets its events and error. */
  reset(): void;
}

/**
 * One streamed reply at a time, for a component that shows it as it grows.
 *
 * @example
 * const reply = useStreamedReply(host.api, YOUTUBE_ENDPOINTS.summarize, { onCreditsChange: host.onCreditsChange });
 * await reply.start({ body: { videoUrl, toolName: 'youtube-summarizer' } });
 * const text = reply.events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
 *
 * Unmounting aborts the stream being read.
 */
export function useStreamedReply<E extends StreamedEndpoint>(
  api: ApiClient,
  endpoint: E,
  options: StreamedReplyOptions<EventOf<E>> = {},
): StreamedReply<E> {
  const [events, setEvents] = useState<readonly EventOf<E>[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const current = useRef<AbortController | null>(null);
  // The latest options without restarting anything when a caller passes a new object each render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => () => current.current?.abort(), []);

  const start = useCallback(
    async (request: CallRequest<E>) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const isCurrent = () => current.current === controller;
      setEvents([]);
      setError(undefined);
      setStreaming(true);
      const { fallbackError = failureTextOf(endpoint) } = latest.current;
      try {
        const call = { ...request, signal: controller.signal, fallbackError };
        const events = api.stream(endpoint, ...([call] as CallArgs<E>));
        for await (const event of events) {
          if (!isCurrent()) return;
          setEvents((previous) => [...previous, event]);
          const credits = (event as { remainingCredits?: unknown } | null)?.remainingCredits;
          if (typeof credits === 'number') latest.current.onCreditsChange?.(credits);
          latest.current.onEvent?.(event);
        }
      } catch (raw) {
        if (controller.signal.aborted || !isCurrent()) return;
        setError(isApiError(raw) ? raw : new ApiError(fallbackError, ErrorCode.INTERNAL, 0));
      } finally {
        if (isCurrent()) {
          current.current = null;
          setStreaming(false);
        }
      }
    },
    [api, endpoint],
  );

  const abort = useCallback(() => {
    const controller = current.current;
    if (!controller) return;
    current.current = null;
    controller.abort();
    setStreaming(false);
  }, []);

  const reset = useCallback(() => {
    abort();
    setEvents([]);
    setError(undefined);
  }, [abort]);

  return { events, streaming, error, start, abort, reset };
}
