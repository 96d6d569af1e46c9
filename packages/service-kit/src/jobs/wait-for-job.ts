// Waiting for a job wherever it runs (docs/architecture.md#voice-jobs): every progress change of a job running here
// at once, and the row read now and then for one running on another replica (re-claimed) or already finished.
import { isFinished, type JobOutcome, type JobRecord, type WaitOptions } from './types';

/** What a waiter needs from the runner: its local listeners, the row, and the jobs running here. */
export interface JobWatch {
  /** Local listeners per job: every progress change and the final record. */
  listeners: Map<string, Set<(job: JobOutcome) => void>>;
  get(id: string): Promise<JobRecord | undefined>;
  /** The progress of a job running on this replica; undefined when it runs elsewhere (or not at all). */
  progressHere(id: string): number | undefined;
  pollMs: number;
}

export function waitForJob<Input, Result>(
  watch: JobWatch,
  id: string,
  { onProgress, signal }: WaitOptions = {},
): Promise<JobOutcome<Input, Result>> {
  const { listeners, get, pollMs } = watch;
  return new Promise<JobOutcome<Input, Result>>((resolve, reject) => {
    let last = -1;
    let settled = false;
    const finish = (job: JobOutcome) => {
      if (settled) return;
      settled = true;
      cleanup();
      resolve(job as JobOutcome<Input, Result>);
    };
    const progressed = (percent: number) => {
      if (percent === last) return;
      last = percent;
      onProgress?.(percent);
    };
    const seen = (job: JobOutcome) => {
      if (isFinished(job.status)) finish(job);
      else progressed(job.progress);
    };
    const set = listeners.get(id) ?? new Set();
    set.add(seen);
    listeners.set(id, set);
    // The job may run on another replica (re-claimed): read its row now and then.
    const poll = setInterval(() => {
      get(id)
        .then((job) => job && watch.progressHere(id) === undefined && seen(job))
        .catch(() => undefined);
    }, pollMs);
    poll.unref();
    const onAbort = () => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(signal?.reason);
    };
    function cleanup() {
      clearInterval(poll);
      set.delete(seen);
      if (set.size === 0) listeners.delete(id);
      signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    // Progress reported before we listened (the job runs here), then whatever the row says.
    const here = watch.progressHere(id);
    if (here !== undefined) progressed(here);
    get(id)
      .then((job) => {
        if (!job) {
          settled = true;
          cleanup();
          reject(new Error(`job ${id} does not exist`));
        } else if (isFinished(job.status)) seen(job);
      })
      .catch(() => undefined);
  });
}
