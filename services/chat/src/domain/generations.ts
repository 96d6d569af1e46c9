// The replies this replica is generating right now, by reply id. A reply belongs to the server, not to the HTTP
// request that asked for it: it runs detached, JSON callers wait for its end, event-stream callers follow its events,
// and Stop (from this replica or, over NATS, from any other) aborts it here. A stopping service takes no new reply
// and waits for these to finish.
import type { ChatStreamEvent } from '@act/contracts';

/** Why a reply was aborted: the member's Stop, its time limit, or a shutdown that ran out of grace. */
export type StopReason = 'stop' | 'timeout' | 'shutdown';

export interface Generation<Outcome> {
  readonly replyId: string;
  readonly userId: string;
  readonly signal: AbortSignal;
  /** Resolves with the reply's outcome once it is saved and settled; never rejects. */
  readonly finished: Promise<Outcome>;
  /**
   * Replays the events so far to the first subscriber (all of them when it comes within the first REPLAY_MAX events;
   * only the first event after that), then follows; returns the unsubscribe. A later subscriber gets what follows.
   */
  subscribe(listener: (event: ChatStreamEvent) => void): () => void;
  emit(event: ChatStreamEvent): void;
  stop(reason: StopReason): void;
}

export interface GenerationRegistry {
  readonly accepting: boolean;
  /** Registers a running reply; it leaves the registry when `finished` settles. */
  start<Outcome>(
    replyId: string,
    userId: string,
    run: (generation: Generation<Outcome>) => Promise<Outcome>,
    /** The outcome when `run` throws after all (a bug): the reply must still finish for its waiters. */
    crashed: (error: unknown) => Outcome,
  ): Generation<Outcome>;
  get(replyId: string): Generation<unknown> | undefined;
  readonly size: number;
  /** No new replies from now on (a deploy is stopping this replica). */
  stopAccepting(): void;
  /**
   * Waits until every reply has finished; those still running after `graceMs` are stopped (saved as stopped, and
   * charged when text had arrived) and awaited.
   */
  drain(graceMs: number): Promise<void>;
}

/**
 * Events kept for the first subscriber, until it comes. The route that started the reply subscribes before the
 * provider's first word (chat.routes.ts), so nothing is ever replayed in practice; once it has subscribed no event is
 * kept (each kept delta was memory per open reply for a subscriber that never comes: 16 rather than 64 saved about
 * 4 KB per open reply in the stream-scale bench's heap snapshots, none at all another 0.3 KB;
 * docs/performance.md#chats-32-kb-on-this-design), and a reply must never keep every delta (a long answer is
 * thousands of them, times every open reply).
 */
const REPLAY_MAX = 16;

export function createGenerationRegistry(): GenerationRegistry {
  const running = new Map<string, Generation<unknown>>();
  let accepting = true;

  return {
    get accepting() {
      return accepting;
    },
    get size() {
      return running.size;
    },
    start<Outcome>(
      replyId: string,
      userId: string,
      run: (generation: Generation<Outcome>) => Promise<Outcome>,
      crashed: (error: unknown) => Outcome,
    ): Generation<Outcome> {
      const generation = new RunningGeneration<Outcome>(replyId, userId, running);
      running.set(replyId, generation as Generation<unknown>);
      // Started on the next turn, so the caller can subscribe before the first event (a queued function rather
      // than a promise that follows the run's: one promise less per open reply).
      queueMicrotask(() => {
        let outcome: Promise<Outcome>;
        try {
          outcome = run(generation);
        } catch (error) {
          outcome = Promise.reject(error);
        }
        outcome.then(
          (ended) => generation.end(ended),
          (error: unknown) => generation.end(crashed(error)),
        );
      });
      return generation;
    },
    get: (replyId) => running.get(replyId),
    stopAccepting() {
      accepting = false;
    },
    async drain(graceMs) {
      accepting = false;
      const all = () => Promise.all([...running.values()].map((generation) => generation.finished));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'over'>((resolve) => {
        timer = setTimeout(() => resolve('over'), graceMs);
      });
      const result = await Promise.race([all().then(() => 'done' as const), graceOver]);
      clearTimeout(timer);
      if (result === 'over') {
        for (const generation of running.values()) generation.stop('shutdown');
        await all();
      }
    },
  };
}

/**
 * One running reply: its state on one object and its methods shared by every reply (it lives as long as the reply,
 * and closures per reply are memory per open reply; docs/architecture.md#performance).
 */
class RunningGeneration<Outcome> implements Generation<Outcome> {
  readonly signal: AbortSignal;
  readonly finished: Promise<Outcome>;
  private readonly controller = new AbortController();
  /** The events for the first subscriber; undefined once it came. */
  private events: ChatStreamEvent[] | undefined = [];
  private truncated = false;
  private readonly listeners = new Set<(event: ChatStreamEvent) => void>();
  private resolveFinished!: (outcome: Outcome) => void;

  constructor(
    readonly replyId: string,
    readonly userId: string,
    private readonly running: Map<string, Generation<unknown>>,
  ) {
    this.signal = this.controller.signal;
    this.finished = new Promise<Outcome>((resolve) => {
      this.resolveFinished = resolve;
    });
  }

  subscribe(listener: (event: ChatStreamEvent) => void): () => void {
    const { events } = this;
    this.events = undefined;
    if (events) for (const event of events) listener(event);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChatStreamEvent): void {
    const { events } = this;
    if (!events || this.truncated) {
      // Nothing kept: the first subscriber came, or the cap was passed and only the first event (start) is kept.
    } else if (events.length < REPLAY_MAX) events.push(event);
    else {
      // Past the cap only the first event (start) is kept, never a log with gaps.
      this.truncated = true;
      events.splice(1);
    }
    for (const listener of this.listeners) listener(event);
  }

  stop(reason: StopReason): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  end(outcome: Outcome): void {
    // Gone from the registry before anyone hears of the end.
    this.running.delete(this.replyId);
    this.listeners.clear();
    this.resolveFinished(outcome);
  }
}
