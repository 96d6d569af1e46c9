// The prompt section's measured rounds (prompt-section.ts): ours and the two floors (servers/prompt-floor.ts)
// under the same two loads, interleaved, with the CPU every process on the path spent per call read around the
// evenly spaced runs (docs/performance.md#what-it-measures).
import { readdir, readFile } from 'node:fs/promises';
import { processCpuMs } from '@act/service-kit/testing';
import type { RunningSystem } from '../e2e/support/system';
import { round } from './bench-kit';
import { benchApiUrl } from './bench-members';
import { pacedLoad, type PacedLoadResult } from './paced-load';
import {
  benchPromptTool,
  PATH as PROMPT_PATH,
  startPromptFloor,
  type FloorWrites,
  type PromptBenchResult,
} from './prompt-bench';

export const PROMPT_RATE = 200;
// The load is many members' (5 calls a second each), as it is in use: one member may make at most 10 a second
// (RATE_LIMIT_PER_MINUTE), and one member's calls queue behind each other on their account row.
export const PROMPT_MEMBERS = 40;
export const PROMPT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ENHANCE_BODY = JSON.stringify({
  text: 'a lighthouse on a cliff at dusk',
  toolName: 'magic-enhance',
});
export const PROMPT_HEADERS = { 'content-type': 'application/json' };

export interface PromptRound {
  bursts: PromptBenchResult;
  floorBursts: PromptBenchResult;
  designBursts: PromptBenchResult;
  even: PacedLoadResult;
  floorEven: PacedLoadResult;
  designEven: PacedLoadResult;
  cpu: number[];
  floorCpu: number[];
  designCpu: number[];
}

export type PacedP99 = Pick<PromptBenchResult, 'rps' | 'p50Ms' | 'p99Ms' | 'errors' | 'non2xx'>;

/** The evenly spaced load of a prompt run at PROMPT_RATE, by the members whose tokens are given. */
export function pacedPrompt(target: string, tokens: readonly string[]): Promise<PacedLoadResult> {
  return pacedLoad({
    url: `${target}${PROMPT_PATH}`,
    method: 'POST',
    headers: PROMPT_HEADERS,
    tokens,
    body: ENHANCE_BODY,
    rate: PROMPT_RATE,
    durationSeconds: PROMPT_SECONDS,
  });
}

/** Our three processes on the path: the gateway, prompt and credits. */
export function promptPids(system: RunningSystem): number[] {
  return (['gateway', 'prompt', 'credits'] as const).map((name) => system.pids[name]!);
}

/** `rounds` rounds of ours, the bare floor and the design floor, each under bursts and then evenly spaced. */
export async function runPromptRounds(
  system: RunningSystem,
  natsUrl: string,
  tokens: readonly string[],
  rounds: number,
): Promise<PromptRound[]> {
  const startFloor = (writes: FloorWrites) =>
    startPromptFloor({ databaseUrl: system.databaseUrl, natsUrl, accounts: PROMPT_MEMBERS, writes });
  const floor = await startFloor('bare');
  const designFloor = await startFloor('design').catch(async (error: unknown) => {
    await floor.stop();
    throw error;
  });
  const apiUrl = benchApiUrl(system);
  const burst = (target: string) =>
    benchPromptTool(target, tokens, { rate: PROMPT_RATE, durationSeconds: PROMPT_SECONDS });
  const even = (pids: readonly number[], target: string) =>
    cpuPerCall(pids, () => pacedPrompt(target, tokens));
  const runs: PromptRound[] = [];
  try {
    for (let index = 0; index < rounds; index++) {
      const bursts = await burst(apiUrl);
      const floorBursts = await burst(floor.url);
      const designBursts = await burst(designFloor.url);
      // The evenly spaced runs also say the CPU every process on the path spent per call (gateway, service, credits,
      // then PostgreSQL and NATS), both read alike: never right after a probe, whose full collection throws away
      // optimized code (one probed window recompiled about 450 functions across our three processes where unprobed
      // ones recompiled under 100).
      const ours = await even(promptPids(system), apiUrl);
      const bare = await even(floor.pids, floor.url);
      const design = await even(designFloor.pids, designFloor.url);
      floor.assertRunning();
      designFloor.assertRunning();
      const round = { bursts, floorBursts, designBursts, even: ours.result, floorEven: bare.result } as const;
      runs.push({
        ...round,
        designEven: design.result,
        cpu: ours.cpu,
        floorCpu: bare.cpu,
        designCpu: design.cpu,
      });
      if (rounds > 1) logRound(index, runs[index]!);
    }
  } finally {
    await Promise.all([floor.stop(), designFloor.stop()]);
  }
  return runs;
}

function logRound(index: number, run: PromptRound): void {
  console.log(
    `[bench] prompt round ${index + 1}: p99 bursts ${run.bursts.p99Ms} / floor ${run.floorBursts.p99Ms} / design ` +
      `floor ${run.designBursts.p99Ms} ms, evenly spaced ${run.even.p99Ms} / floor ${run.floorEven.p99Ms} / design ` +
      `floor ${run.designEven.p99Ms} ms`,
  );
}

/** Runs `run` (an evenly spaced prompt run) and says the CPU ms each process on its path spent per call. */
async function cpuPerCall(pids: readonly number[], run: () => Promise<PacedLoadResult>) {
  const before = await cpuByProcess(pids);
  const result = await run();
  const after = await cpuByProcess(pids);
  const calls = PROMPT_RATE * PROMPT_SECONDS;
  return { result, cpu: after.map((ms, i) => round((ms - before[i]!) / calls)) };
}

/** CPU ms used so far by each of `pids`, then by every PostgreSQL process, then by nats-server (Linux /proc). */
async function cpuByProcess(pids: readonly number[]): Promise<number[]> {
  // A PostgreSQL backend may end between the listing and its reading: it counts nothing.
  const cpuMs = (pid: number | string) => processCpuMs(pid).catch(() => 0);
  const commOf = (pid: string) => readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '');
  const all = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const comms = await Promise.all(all.map(commOf));
  const sum = async (match: (comm: string) => boolean) =>
    (await Promise.all(all.filter((_, i) => match(comms[i]!.trim())).map(cpuMs))).reduce((a, b) => a + b, 0);
  return [
    ...(await Promise.all(pids.map(cpuMs))),
    await sum((comm) => comm === 'postgres'),
    await sum((comm) => comm === 'nats-server'),
  ];
}

/** The round whose prompt bursts p99 is the median: its four runs stay together, so their ratios compare. */
export function medianRound<T extends { bursts: PacedP99 }>(rounds: T[]): T {
  const sorted = [...rounds].sort((a, b) => a.bursts.p99Ms - b.bursts.p99Ms);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
