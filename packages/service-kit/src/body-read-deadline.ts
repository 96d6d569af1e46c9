// Cuts request bodies that arrive slower than a minimum rate. Without it a client could hold a body open for as long
// as the server's request timeout (minutes), a byte every few seconds, and with it whatever the body holds: its share
// of a service's body budget, a place in the gateway's allowance of uploads per client, a socket. Each body must
// bring at least `minBytesPerSecond` averaged over every window of `windowMs` from its start; the first window is its
// grace. One timer per process checks the bodies being read, so a body costs nothing per chunk. Sizes, variables and
// what a client sees: docs/limits.md#slow-bodies.

/**
 * The rate below which a body is cut: 16 KB/s (128 kbit/s). A member's 10 MB image over a 1 Mbit/s uplink comes at
 * about 125 KB/s, and a poor mobile uplink (384 kbit/s) at 48 KB/s: both far above it.
 */
export const DEFAULT_BODY_MIN_BYTES_PER_SECOND = 16 * 1024;
/** The period over which a body's rate is averaged; the first one from its start is its grace. */
export const DEFAULT_BODY_RATE_WINDOW_MS = 10_000;
/** Checks per window: a slow body is cut at most a tenth of a window after its window ends. */
const CHECKS_PER_WINDOW = 10;

export interface BodyRateSettings {
  /** Below this many bytes a second over a window, a body is cut; 0 never cuts one. */
  minBytesPerSecond: number;
  windowMs: number;
}

interface WatchedBody {
  received: () => number;
  cut: () => void;
  windowStart: number;
  bytesAtWindowStart: number;
  /** Its place in the list of bodies being read; -1 once it is no longer watched. */
  index: number;
}

/** The bodies one process is reading, and the cut of those that come too slowly. */
export class BodyReadDeadline implements BodyRateSettings {
  minBytesPerSecond = DEFAULT_BODY_MIN_BYTES_PER_SECOND;
  windowMs = DEFAULT_BODY_RATE_WINDOW_MS;
  // A plain list with swap-removal, and the clock read once per check rather than per body: every JSON request
  // passes here, and a Set's hashing or a clock read per body cost several times the rest of its reading.
  readonly #watched: WatchedBody[] = [];
  #timer: NodeJS.Timeout | undefined;
  #lastCheck = 0;

  constructor(private readonly now: () => number = Date.now) {}

  configure(settings: Partial<BodyRateSettings>): void {
    this.minBytesPerSecond = settings.minBytesPerSecond ?? this.minBytesPerSecond;
    this.windowMs = settings.windowMs ?? this.windowMs;
  }

  /** Bodies being read now. */
  get watching(): number {
    return this.#watched.length;
  }

  /**
   * Watches one body from now: `received` says how many bytes it has brought so far (any counter that grows with
   * them), `cut` is called once if a window brings too few. Returns the function that stops watching (the body is
   * read, or failed otherwise); calling it again does nothing.
   */
  watch(received: () => number, cut: () => void): () => void {
    if (!this.#timer) {
      this.#lastCheck = this.now();
      this.#timer = setInterval(() => this.check(), this.#checkEveryMs());
      // A process with nothing else to do may exit while a client trickles a body.
      this.#timer.unref();
    }
    // Its window starts at the next check: at most a check later than the body, never earlier, so no body is
    // judged on less than a whole window.
    const body: WatchedBody = {
      received,
      cut,
      windowStart: this.#lastCheck + this.#checkEveryMs(),
      bytesAtWindowStart: received(),
      index: this.#watched.length,
    };
    this.#watched.push(body);
    return () => this.#unwatch(body);
  }

  /** Cuts each body whose window has ended with fewer bytes than the rate asks, and starts the next for the rest. */
  check(): void {
    const now = (this.#lastCheck = this.now());
    // Backwards: a body cut is swapped with the last, which has been looked at already.
    for (let i = this.#watched.length - 1; i >= 0; i -= 1) {
      const body = this.#watched[i]!;
      const elapsed = now - body.windowStart;
      if (elapsed < this.windowMs) continue;
      const bytes = body.received();
      if (bytes - body.bytesAtWindowStart < (this.minBytesPerSecond * elapsed) / 1000) {
        this.#unwatch(body);
        body.cut();
      } else {
        body.windowStart = now;
        body.bytesAtWindowStart = bytes;
      }
    }
    // The timer runs only while bodies are read: an idle process has none.
    if (this.#watched.length === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  #checkEveryMs(): number {
    return Math.max(this.windowMs / CHECKS_PER_WINDOW, 10);
  }

  #unwatch(body: WatchedBody): void {
    if (body.index < 0) return;
    const last = this.#watched.pop()!;
    if (last !== body) {
      last.index = body.index;
      this.#watched[body.index] = last;
    }
    body.index = -1;
  }
}
