// charge.run(work): the one rule for settling a run (contracts outcomeOfUnfinishedRun, docs/architecture.md#charged-runs).
// The work gets an AbortSignal; a run that fails or is stopped is released when nothing was delivered and committed
// once otherwise. A work with a rule of its own (a chat reply shown as failed is free: contracts outcomeOfChatReply)
// settles inside the run with release() or commitIn(), and the run keeps that outcome instead of applying its own.
import { outcomeOfUnfinishedRun } from '@act/contracts';
import { isAppError } from '../errors';
import { isWorkTimeout } from '../work-pool';
import type { ChargeState } from './held-charge';

export interface RunOptions {
  /**
   * Stops the work from outside: the client went away (requestSignal), the member pressed Stop, shutdown. Handed to
   * the work as it is, so one signal per call, never a process-wide one: the work's listeners land on it.
   */
  signal?: AbortSignal;
}

/**
 * A promise chain on the work, not an async function awaiting it: a chat reply's run lasts as long as the reply, and
 * a suspended async frame is memory per open reply (docs/performance.md#chats-32-kb-on-this-design).
 */
export function runCharged<R>(
  state: ChargeState,
  work: (signal: AbortSignal) => Promise<R>,
  { signal }: RunOptions = {},
): Promise<R> {
  if (state.ran) return Promise.reject(new Error(`charge ${state.ref.requestId} has already run`));
  state.ran = true;
  // The caller's signal itself, not a controller mirroring it: a chat reply's run lasts as long as the reply, and
  // a mirror is one AbortController and listener more per open reply (docs/architecture.md#performance). A run
  // without one gets a signal of its own that never aborts (never a shared one: works leave listeners on it).
  const stopped = signal ?? new AbortController().signal;
  let working: Promise<R>;
  try {
    working = work(stopped);
  } catch (error) {
    working = Promise.reject(error);
  }
  return working.then(
    (result) => settleFinished(state, stopped).then(() => result),
    (error: unknown) => settleFailed(state, error),
  );
}

/** The work threw: settle by the rule (or the outcome the work chose), then rethrow its error. */
async function settleFailed(state: ChargeState, error: unknown): Promise<never> {
  // The transaction that recorded a commit (if any) did not complete: settle by the rule instead.
  state.pendingOutbox = undefined;
  // A guest whose work ran until its time budget was cancelled has used the free try: releasing it would
  // let one visitor keep the local workers busy for nothing, call after call. Members never pay a failure.
  const spentGuestTry = !state.ref.userId && isWorkTimeout(error);
  const outcome = state.chosen ?? outcomeOfUnfinishedRun(state.delivered || spentGuestTry);
  const balance = await state.settle(outcome).catch(() => undefined);
  // Refunded before the member hears of the failure: the reply shows the balance they really have.
  if (isAppError(error) && typeof balance === 'number') error.details.remainingCredits ??= balance;
  throw error;
}

/** The work returned: its own commit or release stands; otherwise committed, or released when stopped unseen. */
async function settleFinished(state: ChargeState, stopped: AbortSignal): Promise<void> {
  if (state.pendingOutbox) {
    state.settled = { outcome: 'committed', done: Promise.resolve(undefined) };
    state.pendingOutbox.trigger();
  } else if (state.chosen) {
    // Settled by the work's own rule (a chat reply released because it is shown as failed, or stopped before
    // any text): neither committed over it nor thrown as a stop. A release whose publish failed is swept.
  } else if (stopped.aborted && !state.delivered) {
    // Stopped before anything reached the member (a one-shot reply whose client hung up): nothing to pay.
    await state.settle('released').catch(() => undefined);
    throw stopped.reason;
  } else {
    await state.settle('committed');
  }
}
