// Peak resident memory of processes while something runs, sampled from /proc. A process that exits (or turns zombie,
// with no VmRSS left) between two readings ends the sampling with a plain error once the run is awaited — never an
// unhandled rejection from the background loop, which once ended `npm run bench` half-way.
import { processMemoryKb } from '@act/service-kit/testing';

export class ProcessGoneError extends Error {
  constructor(
    readonly pid: number,
    cause: unknown,
  ) {
    super(`process ${pid} exited while its memory was read`, { cause });
    this.name = 'ProcessGoneError';
  }
}

/** VmRSS of `pid` in KB; a process gone (or a zombie) throws ProcessGoneError. */
export async function residentKb(pid: number): Promise<number> {
  try {
    return await processMemoryKb(pid);
  } catch (error) {
    throw new ProcessGoneError(pid, error);
  }
}

/**
 * Runs `run` while reading the VmRSS of every pid every `everyMs`; resolves with run's result and each pid's peak KB
 * (from the reading before `run`). Rejects with ProcessGoneError when one went, after `run` settled.
 */
export async function withMemoryPeaks<T>(
  pids: readonly number[],
  everyMs: number,
  run: () => Promise<T>,
): Promise<{ result: T; peaksKb: number[]; beforeKb: number[] }> {
  const beforeKb = await Promise.all(pids.map(residentKb));
  const peaksKb = [...beforeKb];
  let sampling = true;
  let gone: unknown;
  const sampler = (async () => {
    while (sampling) {
      for (const [i, pid] of pids.entries()) peaksKb[i] = Math.max(peaksKb[i]!, await residentKb(pid));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })().catch((error: unknown) => {
    gone = error;
  });
  const settled = await run().then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  sampling = false;
  await sampler;
  if ('error' in settled) throw settled.error;
  if (gone) throw gone;
  return { result: settled.result, peaksKb, beforeKb };
}
