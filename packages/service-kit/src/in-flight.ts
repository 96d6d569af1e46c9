// The work a replica has under way that must not be cut by a deploy (charged generations detached from their
// request): each piece is tracked until it settles, and a stopping replica waits for all of them (drain).
export interface InFlight {
  /** Tracks `work` until it settles; resolves or rejects as it does. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once everything tracked so far has settled, whatever its outcome. */
  drain(): Promise<void>;
  readonly size: number;
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  return {
    track(work) {
      running.add(work);
      return work.finally(() => running.delete(work));
    },
    async drain() {
      await Promise.allSettled([...running]);
    },
    get size() {
      return running.size;
    },
  };
}
