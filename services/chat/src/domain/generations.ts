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
   * Replays the events so far (all of them for a subscriber that comes within the first REPLAY_MAX events; only the
   * first event after that), then follows; returns the unsubscribe.
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
 * Events kept for a late subscriber. An event-stream caller subscribes before the provider's first word, so only the
 * `start` event (or the few a local answer emits at once) is ever replayed in practice; a JSON caller never
 * subscribes, and its reply must not keep every delta in memory (a long answer is thousands of them, times every open
 * reply). 16 rather than 64: the 48 deltas more were about 4 KB per open reply in the stream-scale bench's heap
 * snapshots (load-tests/heap-diff.ts), for subscribers that never come.
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
      // Started on the next turn, so the caller can subscribe before the first event.
      void Promise.resolve()
        .then(() => run(generation))
        .then(
          (outcome) => generation.end(outcome),
          (error: unknown) => generation.end(crashed(error)),
        );
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
  private readonly events: ChatStreamEvent[] = [];
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
    for (const event of this.events) listener(event);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: ChatStreamEvent): void {
    if (!this.truncated && this.events.length < REPLAY_MAX) this.events.push(event);
    else if (!this.truncated) {
      // Past the cap only the first event (start) is kept, never a log with gaps.
      this.truncated = true;
      this.events.splice(1);
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
