// Bounds the memory that request bodies take while they are read, parsed and decoded. Every JSON body reserves its
// estimated cost from one budget per process before its first byte is read and gives it back when its handler is
// done; a body that does not fit is answered at once, unread, with 503 and Retry-After. So a flood of large uploads
// (hostile or not) costs a process a bounded amount of memory, whatever their number. Sizes, variables and what a
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

/** One process's budget for bodies in flight, in bytes. */
export class BodyMemoryBudget {
  #used = 0;

  constructor(public capacity: number) {}

  get used(): number {
    return this.#used;
  }

  /**
   * Takes `bytes` when they fit and returns the function that gives them back (once, however often it is called);
   * undefined when they do not fit. A body alone in the process always fits, so no upload the limits admit is
   * refused for ever where the budget is smaller than it.
   */
  tryTake(bytes: number): (() => void) | undefined {
    if (this.#used > 0 && this.#used + bytes > this.capacity) return undefined;
    this.#used += bytes;
    let returned = false;
    return () => {
      if (returned) return;
      returned = true;
      this.#used -= bytes;
    };
  }
}
