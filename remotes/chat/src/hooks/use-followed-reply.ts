// Following a reply the server owns, by its id (docs/product-rules.md#resume): the service keeps writing a reply after
// this page stopped reading it (a reload, a closed tab, a stream that broke off), and any replica sends its text so far
// and then the rest live. A follow that breaks off after it started is opened again; one refused before it started
// (the reply cannot be followed here) falls back to reading the reply's store again until it ends. The conversation,
// Deep Search and the playground's Fuse card all follow their replies through this one hook.
import { useEffect, useRef, useState } from 'react';
import { CHAT_ENDPOINTS, type ChatFollowEvent } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';
import { fetchBalance } from '../api/chat-api';

/** How soon a broken-off follow is opened again, and how often a reply that cannot be followed is read again. */
export const POLL_INTERVAL_MS = 1000;
/** A reply that is still "being written" after this long is not read again any more. */
const POLL_GIVE_UP_MS = 10 * 60_000;

export interface FollowOptions {
  /** The spec's text for a follow that fails without a server text. */
  fallbackError: string;
  /** Where the header balance goes once the reply ended (from its last event, else read again from credits). */
  onCreditsChange(credits: number): void;
  /**
   * While a reply is being written (`writing`) that cannot be followed by its id (it has none, or the follow was
   * refused): reads its store again, POLL_INTERVAL_MS after the last read ended, until it ends. Without it, such a
   * reply keeps what was shown.
   */
  poll?: { writing: boolean; read(): Promise<void> };
}

/**
 * Follows the reply `replyId` (none: nothing to follow) and hands each of its events to `apply`, from `start` (the
 * whole text so far comes again: it replaces what was shown) to `done` or `error`.
 */
export function useFollowedReply(
  api: ApiClient,
  replyId: string | undefined,
  apply: (event: ChatFollowEvent) => void,
  options: FollowOptions,
): void {
  // The latest callbacks, so that a new render does not open the follow again.
  const latest = useRef({ apply, options });
  latest.current = { apply, options };
  const [unfollowable, setUnfollowable] = useState<string | null>(null);
  const [tries, setTries] = useState(0);

  useEffect(() => {
    if (!replyId || replyId === unfollowable) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const { fallbackError } = latest.current.options;
    void (async () => {
      let started = false;
      let ended = false;
      try {
        const follow = { params: { id: replyId }, signal: controller.signal, fallbackError };
        for await (const event of api.stream(CHAT_ENDPOINTS.follow, follow)) {
          if (controller.signal.aborted) return;
          if (event.type === 'start') started = true;
          if (event.type === 'done' || event.type === 'error') {
            ended = true;
            settleBalance(api, event.remainingCredits, (credits) =>
              latest.current.options.onCreditsChange(credits),
            );
          }
          latest.current.apply(event);
        }
      } catch {
        if (controller.signal.aborted) return;
        if (!started) {
          setUnfollowable(replyId);
          return;
        }
      }
      if (!ended && !controller.signal.aborted) {
        retry = setTimeout(() => setTries((count) => count + 1), POLL_INTERVAL_MS);
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [api, replyId, unfollowable, tries]);

  const polled = !!options.poll?.writing && (!replyId || replyId === unfollowable);
  useEffect(() => {
    if (!polled) return;
    const since = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // A read that failed (the network is still down) is tried again like one that found the reply still writing.
    const next = () => {
      if (stopped || Date.now() - since > POLL_GIVE_UP_MS) return;
      timer = setTimeout(() => {
        const read = latest.current.options.poll?.read() ?? Promise.resolve();
        void read.catch(() => undefined).finally(next);
      }, POLL_INTERVAL_MS);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [polled]);
}

/**
 * A followed reply that ended has been charged by the service: the header balance follows, from the event when it
 * carries it, else read again from credits (the replica that follows need not be the one that charged).
 */
export function settleBalance(
  api: ApiClient,
  remainingCredits: number | undefined,
  onCreditsChange: (credits: number) => void,
): void {
  if (remainingCredits !== undefined) onCreditsChange(remainingCredits);
  else
    void fetchBalance(api).then(onCreditsChange, () => {
      // The balance stays as shown until the next charged reply or page load.
    });
}
