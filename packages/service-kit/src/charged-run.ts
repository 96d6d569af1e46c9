// A charge you can hold (docs/architecture.md#credits): reserveCharge() holds the credits and returns a Charge that
// can be committed or released now, by this process, or later by any replica from its plain-data ref (a job row, a
// stop request arriving elsewhere), or committed inside the transaction that stores the result (transactional
// outbox). charge.run(work) settles by the product's rule (contracts outcomeOfUnfinishedRun): the work gets an
// AbortSignal; a run that fails or is stopped is released when nothing was delivered and committed once otherwise. A
// work with a rule of its own (a chat reply shown as failed is free: contracts outcomeOfChatReply) settles inside
// the run with release() or commitIn(), and the run keeps that outcome instead of applying its own.
import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import {
  outcomeOfUnfinishedRun,
  type ChargeOutcome,
  type ToolCostOptions,
  type ToolId,
} from '@act/contracts';
import { type ReserveReply, type ReserveRequest, type UsageEvent } from '@act/contracts/server';
import { ReserveNotSentError, type CreditsClient } from './credits-client';
import type { Db } from './database';
import { AppError, isAppError } from './errors';
import type { Outbox } from './outbox';
import { isWorkTimeout } from './work-pool';

/** What identifies a held charge. Plain data: store it with a job, or send it to another replica to settle. */
export interface ChargeRef {
  requestId: string;
  tool: ToolId;
  /** The member; absent for a guest. */
  userId?: string;
  /** The guest's IP (from x-client-ip); required when there is no userId. */
  guestIp?: string;
}

export interface ChargeInput extends Omit<ChargeRef, 'requestId'> {
  /** A request id chosen by the caller (e.g. a message or job id); a new one when absent. */
  requestId?: string;
  options?: ToolCostOptions;
  /**
   * False for durable work another replica re-runs if this one dies (voice jobs): its hold is not tied to this
   * replica's lease. Default true: a synchronous call dies with its replica, and credits then refunds it at once.
   */
  leased?: boolean;
}

export interface RunOptions {
  /** Stops the work from outside: the client went away (requestSignal), the member pressed Stop, shutdown. */
  signal?: AbortSignal;
}

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
   * charge commit together. Inside run(), make it the last step of the work's transaction.
   */
  commitIn(tx: Db, outbox: Outbox): Promise<void>;
  /**
   * Runs the work once and settles the charge by the rule above; rethrows the work's error. An outcome the work
   * chose itself (commit(), release(), commitIn()) is kept: a work that released returns normally, even if stopped.
   */
  run<T>(work: (signal: AbortSignal) => Promise<T>, options?: RunOptions): Promise<T>;
}

/** An AppError for a refused reserve, with the needsSignup flag the browser looks for on a spent guest trial. */
export function reserveRefusal(reply: Extract<ReserveReply, { ok: false }>): AppError {
  return new AppError(reply.code, reply.message, reply.needsSignup ? { details: { needsSignup: true } } : {});
}

function usageEvent(ref: ChargeRef): UsageEvent {
  return {
    requestId: ref.requestId,
    tool: ref.tool,
    ...(ref.userId ? { userId: ref.userId } : { guestIp: ref.guestIp }),
    at: new Date().toISOString(),
  };
}

/**
 * The outcome of a charge as an outbox message, for a transaction that stores a result (or a failure) made by any
 * replica from the charge's ref (the jobs runner).
 */
export function settlementMessage(credits: CreditsClient, ref: ChargeRef, outcome: ChargeOutcome) {
  return credits.usageMessage(outcome, usageEvent(ref));
}

/**
 * Settles a charge from its ref, in any process: credits finds the hold by request id, applies each outcome once,
 * and a hold leaves `held` only once (so a second, different outcome changes nothing).
 */
export async function settleCharge(
  credits: CreditsClient,
  ref: ChargeRef,
  outcome: ChargeOutcome,
): Promise<number | null | undefined> {
  const event = usageEvent(ref);
  if (outcome === 'released') return credits.release(event);
  await credits.commit(event);
  return undefined;
}

/** Holds the credits for one use; throws the refusal (insufficient credits, guest try spent) as an AppError. */
export async function reserveCharge(
  credits: CreditsClient,
  { requestId = randomUUID(), tool, userId, guestIp, options, leased = true }: ChargeInput,
): Promise<Charge> {
  const ref: ChargeRef = { requestId, tool, ...(userId ? { userId } : { guestIp }) };
  const request: ReserveRequest = {
    ...ref,
    ...(options ? { options } : {}),
    ...(leased && credits.lease ? { lease: credits.lease } : {}),
  };
  let reply: ReserveReply;
  try {
    reply = await credits.reserve(request);
  } catch (error) {
    // The reserve may have landed even though its reply did not: release it now instead of waiting for the sweeper
    // (at most the 1 s immediate refund; the durable event goes out in the background). One never sent needs none.
    if (!(isAppError(error) && error.cause instanceof ReserveNotSentError))
      await settleCharge(credits, ref, 'released').catch(() => undefined);
    throw error;
  }
  if (!reply.ok) throw reserveRefusal(reply);
  return heldCharge(credits, ref, reply.remainingCredits);
}

function heldCharge(credits: CreditsClient, ref: ChargeRef, remainingCredits: number | null): Charge {
  /** The outcome, and its settlement (resolving with the balance after a refund, when known). */
  let settled: { outcome: ChargeOutcome; done: Promise<number | null | undefined> } | undefined;
  let delivered = false;
  let ran = false;
  /** The outbox that holds this charge's commit in a transaction not yet known to have committed. */
  let pendingOutbox: Outbox | undefined;
  /** The outcome the caller chose with commit() or release() (kept by run() even when its publish failed). */
  let chosen: ChargeOutcome | undefined;

  const settle = (outcome: ChargeOutcome): Promise<number | null | undefined> => {
    if (settled) {
      if (settled.outcome !== outcome) {
        throw new Error(`charge ${ref.requestId} is already ${settled.outcome}; it cannot be ${outcome} too`);
      }
      return settled.done;
    }
    const done = settleCharge(credits, ref, outcome).catch((error: unknown) => {
      // Not published: let a later call try again (the sweeper refunds a hold nothing settles).
      settled = undefined;
      throw error;
    });
    settled = { outcome, done };
    return done;
  };

  const charge: Charge = {
    ref,
    requestId: ref.requestId,
    remainingCredits,
    markDelivered() {
      delivered = true;
    },
    commit: async () => {
      const done = settle('committed');
      chosen = 'committed';
      await done;
    },
    release: () => {
      const done = settle('released');
      chosen = 'released';
      return done;
    },
    async commitIn(tx, outbox) {
      if (settled) {
        if (settled.outcome === 'committed') return;
        throw new Error(`charge ${ref.requestId} is already released; it cannot be committed too`);
      }
      await outbox.enqueue(tx, credits.usageMessage('committed', usageEvent(ref)));
      pendingOutbox = outbox;
      if (!ran) {
        // Outside run() the caller owns the transaction; treat the commit as recorded once it is enqueued.
        settled = { outcome: 'committed', done: Promise.resolve(undefined) };
      }
    },
    run,
  };

  async function run<R>(work: (signal: AbortSignal) => Promise<R>, { signal }: RunOptions = {}): Promise<R> {
    if (ran) throw new Error(`charge ${ref.requestId} has already run`);
    ran = true;
    const controller = new AbortController();
    const stop = () => controller.abort(signal?.reason);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop, { once: true });
    try {
      let result: R;
      try {
        result = await work(controller.signal);
      } catch (error) {
        // The transaction that recorded a commit (if any) did not complete: settle by the rule instead.
        pendingOutbox = undefined;
        // A guest whose work ran until its time budget was cancelled has used the free try: releasing it would
        // let one visitor keep the local workers busy for nothing, call after call. Members never pay a failure.
        const spentGuestTry = !ref.userId && isWorkTimeout(error);
        const outcome = chosen ?? outcomeOfUnfinishedRun(delivered || spentGuestTry);
        const balance = await settle(outcome).catch(() => undefined);
        // Refunded before the member hears of the failure: the reply shows the balance they really have.
        if (isAppError(error) && typeof balance === 'number') error.details.remainingCredits ??= balance;
        throw error;
      }
      if (pendingOutbox) {
        settled = { outcome: 'committed', done: Promise.resolve(undefined) };
        pendingOutbox.trigger();
      } else if (chosen) {
        // Settled by the work's own rule (a chat reply released because it is shown as failed, or stopped before
        // any text): neither committed over it nor thrown as a stop. A release whose publish failed is swept.
      } else if (controller.signal.aborted && !delivered) {
        // Stopped before anything reached the member (a one-shot reply whose client hung up): nothing to pay.
        await settle('released').catch(() => undefined);
        throw controller.signal.reason;
      } else {
        await settle('committed');
      }
      return result;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }
  return charge;
}

export interface ChargedToolResult<R> {
  result: R;
  /** The balance after this use; null for guests. */
  remainingCredits: number | null;
}

/** One charged one-shot tool use: reserve, run the work with the signal, settle by the rule. */
export async function runChargedTool<R>(
  credits: CreditsClient,
  input: ChargeInput,
  work: (signal: AbortSignal) => Promise<R>,
  options: RunOptions = {},
): Promise<ChargedToolResult<R>> {
  const charge = await reserveCharge(credits, input);
  const result = await charge.run(work, options);
  return { result, remainingCredits: charge.remainingCredits };
}

/**
 * An AbortSignal that aborts when the client goes away before its reply was written (the response closes
 * unfinished), so work done for nobody can stop and a one-shot tool's hold is released.
 */
export function requestSignal(ctx: Context): AbortSignal {
  const controller = new AbortController();
  const response = ctx.res;
  const clientLeft = () => {
    if (!response.writableFinished) {
      controller.abort(new DOMException('The client closed the connection', 'AbortError'));
    }
  };
  // Asked for late (after a slow upload or check), the client may already be gone: its 'close' came and went.
  if (ctx.req.socket.destroyed) clientLeft();
  else response.once('close', clientLeft);
  return controller.signal;
}
