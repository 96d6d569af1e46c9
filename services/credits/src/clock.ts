// Time source of every money rule (hold TTL, guest 24-hour window, monthly reset), so tests can fix and move it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ManualClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

/** A clock that stands still until told to move. */
export function createManualClock(start: Date | string): ManualClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
