// A held charge (docs/architecture.md#charged-runs, docs/charges.md): committed or released now, by this process, or
// committed inside the transaction that stores the result (transactional outbox), or settled by its run
// (charged-run.ts). It settles once: the same outcome again is a no-op, a different one an error.
import type { ChargeOutcome } from '@act/contracts';
import type { Db } from '../database';
import type { Outbox } from '../outbox';
import { runCharged, type RunOptions } from './charged-run';
import type { CreditsClient } from './credits-client';
import { settleCharge, usageEvent, type ChargeRef } from './settlement';

export interface Charge {
  readonly ref: ChargeRef;
  readonly requestId: string;
  /** The balance after the hold; null for guests. */
  readonly remainingCredits: number | null;
  /** Output reached the member (a streamed word, a stored result): from now on the use is charged, once. */
  markDelivered(): void;
  /** Settles now by publishing the outcome. Settling again with the same outcome is a no-op. */
  commit(): Promise<void>;
  /** Refunds now; resolves with the balance after the refund when credits answered at once (null for guests). */
  release(): Promise<number | null | undefined>;
  /**
   * Records the commit in the caller's transaction, through the service's outbox, so the stored result and its
   * charge commit together. Inside run(), make it the last step of the work's transaction. It hands back the outbox's
   * statement (Outbox.enqueue), so a transaction can return it among its statements and send COMMIT with them.
   */
  commitIn(tx: Db, outbox: Outbox): Promise<unknown>;
  /**
   * Runs the work once and settles the charge by the rule of charged-run.ts; rethrows the work's error. An outcome
   * the work chose itself (commit(), release(), commitIn()) is kept: a work that released returns normally, even if
   * stopped.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>, options?: RunOptions): Promise<T>;
}

/** What a charge knows about itself while it is held; shared by its methods and its run. */
export interface ChargeState {
  readonly ref: ChargeRef;
  /** The outcome, and its settlement (resolving with the balance after a refund, when known). */
  settled?: { outcome: ChargeOutcome; done: Promise<number | null | undefined> } | undefined;
  delivered: boolean;
  ran: boolean;
  /** The outbox that holds this charge's commit in a transaction not yet known to have committed. */
  pendingOutbox?: Outbox | undefined;
  /** The outcome the caller chose with commit() or release() (kept by run() even when its publish failed). */
  chosen?: ChargeOutcome | undefined;
  /** Settles with `outcome` once; the same outcome again returns the first settlement. */
  settle(outcome: ChargeOutcome): Promise<number | null | undefined>;
}

export function heldCharge(
  credits: CreditsClient,
  ref: ChargeRef,
  remainingCredits: number | null,
  httpRequestId: string | undefined,
): Charge {
  return new HeldCharge(credits, ref, remainingCredits, httpRequestId);
}

/**
 * The charge and its state as one object with shared methods, not a state object and a closure per method: a chat
 * reply holds its charge as long as it is open, and closures per charge are memory per open reply
 * (docs/performance.md#chats-32-kb-on-this-design).
 */
class HeldCharge implements Charge, ChargeState {
  settled: ChargeState['settled'];
  delivered = false;
  ran = false;
  pendingOutbox: Outbox | undefined;
  chosen: ChargeOutcome | undefined;

  constructor(
    private readonly credits: CreditsClient,
    readonly ref: ChargeRef,
    readonly remainingCredits: number | null,
    private readonly httpRequestId: string | undefined,
  ) {}

  get requestId(): string {
    return this.ref.requestId;
  }

  settle(outcome: ChargeOutcome): Promise<number | null | undefined> {
    const { settled, ref } = this;
    if (settled) {
      if (settled.outcome !== outcome) {
        throw new Error(`charge ${ref.requestId} is already ${settled.outcome}; it cannot be ${outcome} too`);
      }
      return settled.done;
    }
    const done = settleCharge(this.credits, ref, outcome, this.httpRequestId).catch((error: unknown) => {
      // Not published: let a later call try again (the sweeper refunds a hold nothing settles).
      this.settled = undefined;
      throw error;
    });
    this.settled = { outcome, done };
    return done;
  }

  markDelivered(): void {
    this.delivered = true;
  }

  async commit(): Promise<void> {
    const done = this.settle('committed');
    this.chosen = 'committed';
    await done;
  }

  release(): Promise<number | null | undefined> {
    const done = this.settle('released');
    this.chosen = 'released';
    return done;
  }

  commitIn(tx: Db, outbox: Outbox): Promise<unknown> {
    const { settled, ref } = this;
    if (settled) {
      if (settled.outcome === 'committed') return Promise.resolve();
      return Promise.reject(
        new Error(`charge ${ref.requestId} is already released; it cannot be committed too`),
      );
    }
    const recorded = outbox.enqueue(
      tx,
      this.credits.usageMessage('committed', usageEvent(ref), this.httpRequestId),
    );
    // Counted once the row is written (its transaction may still fail: run() then settles by its rule). The
    // statement itself is handed back, not this chain, so the caller's transaction can send it with its COMMIT.
    recorded.then(
      () => {
        this.pendingOutbox = outbox;
        // Outside run() the caller owns the transaction; treat the commit as recorded once it is enqueued.
        if (!this.ran) this.settled = { outcome: 'committed', done: Promise.resolve(undefined) };
      },
      () => undefined,
    );
    return recorded;
  }

  run<T>(work: (signal: AbortSignal) => Promise<T>, options?: RunOptions): Promise<T> {
    return runCharged(this, work, options);
  }
}
