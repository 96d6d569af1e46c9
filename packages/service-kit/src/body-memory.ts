// Bounds the memory that request bodies take while they are read, parsed and decoded. Every JSON body takes its
// estimated cost from one budget per process and gives it back when its handler is done: a body of declared length
// takes it before its first byte is read, a chunked one as its bytes arrive (so a body that trickles holds only what
// it has sent). A body that does not fit is answered with 503 and Retry-After: at once, unread, or, for a chunked one,
// when its bytes stop fitting. So a flood of large uploads (hostile or not) costs a process a bounded amount of
// memory, whatever their number. The estimate ends with the handler, but a body's strings and bytes stay resident
// until the collector runs, and a flood can outrun it on slow cores: so a large body is also refused while what the
// process holds (read from the kernel) plus the bodies in flight would pass a ceiling. Sizes, variables and what a
// client sees: docs/limits.md.
import { readFileSync } from 'node:fs';

const MiB = 1024 * 1024;

/**
 * What one body costs while in flight, as a multiple of its bytes: the text read from the socket, the string
 * JSON.parse returns for a data URL, the bytes it decodes to, and what the collector has not yet given back. Measured
 * (`npm run bench`, upload memory, 4 at once): 45 MB for a 13.3 MB body with a 10 MB image; on faster cores voice's
 * 6.7 MB recording bodies took 27 to 29 MB each (4.0 to 4.3 times) and prompt's 52 MB (3.9 times), so the estimate
 * keeps a margin above 4 rather than under-count.
 */
export const BODY_MEMORY_FACTOR = 4.5;
/** The share of the process's memory limit that bodies in flight may take; the rest is the process's own. */
export const BODY_MEMORY_SHARE = 0.25;
/**
 * The share of the process's memory limit that its resident memory plus the bodies in flight may reach before a
 * large body is refused. It stays above what a process holds at rest plus a full budget (prompt: 190 + 256 MB of
 * 1 GiB; voice: 240 + 384 MB of 1.5 GiB), so a wave of uploads into a quiet process is admitted as the budget alone
 * admits it, and below half the limit, the most a flood may make a process hold (the upload memory tests). Without
 * it, 64 recordings of 5 MB at once took voice from 206 to 652 MB with the budget never full, and to 812 MB of its
 * 1536 on CI's busier cores: the garbage of bodies already answered, which the budget had given back.
 */
export const RESIDENT_MEMORY_SHARE = 0.45;
/**
 * Bodies from this size are large: only they are checked against the resident ceiling (reading it costs a system
 * call, and a small body neither moves the process toward its limit nor should be refused for what others left).
 */
const LARGE_BODY_BYTES = MiB;
/** The memory limit assumed when neither MEMORY_LIMIT_MB nor a container limit says otherwise (the pods' 1 GiB). */
export const DEFAULT_MEMORY_LIMIT_BYTES = 1024 * MiB;
/** What a refused body is told to wait: the bodies ahead of it are read and decoded in about this time. */
export const BODY_MEMORY_RETRY_AFTER_SECONDS = 2;

/** Anything above this is the kernel's "no limit" (cgroup v1 writes 2^63 rounded to a page). */
const NO_LIMIT = 2 ** 60;

/**
 * The memory limit of this process's container, from cgroup v2 (memory.max) or v1 (memory.limit_in_bytes);
 * undefined outside a container or when it has none.
 */
export function containerMemoryLimit(
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): number | undefined {
  for (const path of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    let text: string;
    try {
      text = read(path).trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    // cgroup v2 says "max" for no limit.
    return Number.isFinite(bytes) && bytes > 0 && bytes < NO_LIMIT ? bytes : undefined;
  }
  return undefined;
}

/** The body budget of a process whose memory limit is `memoryLimitBytes`. */
export function bodyMemoryBudgetBytes(memoryLimitBytes: number): number {
  return Math.floor(memoryLimitBytes * BODY_MEMORY_SHARE);
}

/** The memory limit a process goes by: MEMORY_LIMIT_MB when set, else its container's, else the default. */
export function memoryLimitBytes(configuredMb: number | undefined): number {
  if (configuredMb !== undefined) return configuredMb * MiB;
  return containerMemoryLimit() ?? DEFAULT_MEMORY_LIMIT_BYTES;
}

/** The estimated cost of a body of `bytes` while it is in flight. */
export function bodyMemoryCost(bytes: number): number {
  return bytes * BODY_MEMORY_FACTOR;
}

/** One process's budget for bodies in flight, in bytes, sized from its memory limit. */
export class BodyMemoryBudget {
  #used = 0;
  /** The estimated cost of bodies in flight that may be taken at once. */
  capacity = 0;
  /** Resident memory plus bodies in flight past which a large body is refused. */
  residentCeiling = 0;

  /** `readResident` returns the process's resident memory in bytes (the kernel's figure by default). */
  constructor(
    memoryLimit: number,
    private readonly readResident: () => number = () => process.memoryUsage.rss(),
  ) {
    this.resize(memoryLimit);
  }

  /** Sizes the budget and the ceiling for a process whose memory limit is `memoryLimit` bytes. */
  resize(memoryLimit: number): void {
    this.capacity = bodyMemoryBudgetBytes(memoryLimit);
    this.residentCeiling = Math.floor(memoryLimit * RESIDENT_MEMORY_SHARE);
  }

  get used(): number {
    return this.#used;
  }

  /**
   * Takes `bytes` (a body's estimated cost, or its first part) when they fit and returns its charge; undefined when
   * they do not fit: past the budget, or, for a large body, past the resident ceiling. A body alone in the process
   * always fits, so no upload the limits admit is refused for ever where the budget is smaller than it or the
   * process holds more than the ceiling.
   */
  tryTake(bytes: number): BodyCharge | undefined {
    if (!this.#fits(0, bytes)) return undefined;
    this.#used += bytes;
    return new BodyCharge(this, bytes);
  }

  /** Whether a charge holding `held` may grow by `bytes` (the same rules as a new body's). */
  #fits(held: number, bytes: number): boolean {
    if (this.#used === held) return true;
    if (this.#used + bytes > this.capacity) return false;
    // The ceiling is read once per body, when it becomes large: reading it costs a system call.
    const large = bodyMemoryCost(LARGE_BODY_BYTES);
    if (held >= large || held + bytes < large) return true;
    return this.readResident() + this.#used + bytes <= this.residentCeiling;
  }

  /** Grows `charge` by `bytes` when they fit (BodyCharge.tryGrow). */
  tryGrow(held: number, bytes: number): boolean {
    if (!this.#fits(held, bytes)) return false;
    this.#used += bytes;
    return true;
  }

  /** Gives back `bytes` of a charge (BodyCharge.giveBack). */
  giveBack(bytes: number): void {
    this.#used -= bytes;
  }
}

/** What one body holds of its process's budget: taken when it starts, grown as its bytes arrive, given back once. */
export class BodyCharge {
  #held: number;
  #returned = false;

  constructor(
    private readonly budget: BodyMemoryBudget,
    held: number,
  ) {
    this.#held = held;
  }

  /** The estimated cost this body holds now. */
  get held(): number {
    return this.#returned ? 0 : this.#held;
  }

  /** Takes `bytes` more when they fit; false (and nothing taken) when they do not. */
  tryGrow(bytes: number): boolean {
    if (this.#returned || !this.budget.tryGrow(this.#held, bytes)) return false;
    this.#held += bytes;
    return true;
  }

  /** Gives everything back (once, however often it is called). */
  giveBack(): void {
    if (this.#returned) return;
    this.#returned = true;
    this.budget.giveBack(this.#held);
  }
}
