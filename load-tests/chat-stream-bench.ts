// Benchmark of the streaming path (Server-Sent Events) through the real gateway process, against a stand-in chat
// service that streams with service-kit's openEventStream (servers/sse-upstream.ts):
// - time to first byte (the `start` event) through the gateway compared with the same service called directly,
//   sampled alternately one request at a time so both see the same machine;
// - 200 streams held open at once through the gateway: the gateway's resident memory growth per open stream, and the
//   stand-in service's, both measured once every stream has delivered its first event.
import { readFile } from 'node:fs/promises';
import { API_ROUTES } from '@act/contracts';
import type { BenchServer } from './bench-kit';

export interface ChatStreamBenchOptions {
  gateway: BenchServer;
  upstream: BenchServer;
  /** A member's access token the gateway accepts. */
  token: string;
  /** Measured first-byte samples per path (default 300). */
  samples?: number;
  /** Streams held open at once (default 200). */
  concurrentStreams?: number;
}

export interface ChatStreamBenchResult {
  directP50Ms: number;
  directP99Ms: number;
  gatewayP50Ms: number;
  gatewayP99Ms: number;
  addedP50Ms: number;
  addedP99Ms: number;
  streams: number;
  gatewayRssGrowthKbPerStream: number;
  upstreamRssGrowthKbPerStream: number;
}

const PATH = API_ROUTES.chat.playground.sendMessage;
const BODY = JSON.stringify({ prompt: 'Hello' });

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return round(sorted[Math.max(0, index)]!);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Resident set size of a process, from /proc (Linux), in KB. */
async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

function headersFor(token: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    accept: 'text/event-stream',
    'content-type': 'application/json',
  };
}

/** Opens one stream; resolves with the ms to its first body byte once the whole (short) stream was read. */
async function firstByteMs(baseUrl: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${PATH}`, {
    method: 'POST',
    headers: headersFor(token),
    body: BODY,
  });
  if (response.status !== 200) throw new Error(`${baseUrl}${PATH} answered ${response.status}`);
  const reader = response.body!.getReader();
  const first = await reader.read();
  const elapsed = performance.now() - started;
  if (first.done) throw new Error('the stream ended without a byte');
  while (!(await reader.read()).done);
  return elapsed;
}

async function measureFirstByte(options: ChatStreamBenchOptions) {
  const { gateway, upstream, token } = options;
  const samples = options.samples ?? 300;
  for (let i = 0; i < 50; i++) {
    await firstByteMs(upstream.url, token);
    await firstByteMs(gateway.url, token);
  }
  const direct: number[] = [];
  const proxied: number[] = [];
  for (let i = 0; i < samples; i++) {
    direct.push(await firstByteMs(upstream.url, token));
    proxied.push(await firstByteMs(gateway.url, token));
  }
  direct.sort((a, b) => a - b);
  proxied.sort((a, b) => a - b);
  return {
    directP50Ms: percentile(direct, 50),
    directP99Ms: percentile(direct, 99),
    gatewayP50Ms: percentile(proxied, 50),
    gatewayP99Ms: percentile(proxied, 99),
  };
}

interface OpenStreams {
  /** Resolves once every stream has delivered its first event. */
  started: Promise<void>;
  close(): Promise<void>;
}

/** Opens `count` streams through the gateway that stay open (a delta a second) until closed. */
function openStreams(baseUrl: string, token: string, count: number): OpenStreams {
  const aborter = new AbortController();
  const firsts: Promise<void>[] = [];
  const finished: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    let first: () => void = () => undefined;
    let failed: (error: unknown) => void = () => undefined;
    firsts.push(
      new Promise<void>((resolve, reject) => {
        first = resolve;
        failed = reject;
      }),
    );
    finished.push(
      (async () => {
        try {
          const response = await fetch(`${baseUrl}${PATH}?holdMs=60000`, {
            method: 'POST',
            headers: headersFor(token),
            body: BODY,
            signal: aborter.signal,
          });
          if (response.status !== 200) throw new Error(`a stream answered ${response.status}`);
          let seen = false;
          for await (const chunk of response.body!) {
            void chunk;
            if (!seen) first();
            seen = true;
          }
        } catch (error) {
          if (!aborter.signal.aborted) failed(error);
        }
      })(),
    );
  }
  return {
    started: Promise.all(firsts).then(() => undefined),
    close: async () => {
      aborter.abort();
      await Promise.all(finished);
    },
  };
}

async function settledRss(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return rssKb(pid);
}

async function measureMemory(options: ChatStreamBenchOptions) {
  const { gateway, upstream, token } = options;
  const count = options.concurrentStreams ?? 200;
  const gatewayPid = gateway.process.pid!;
  const upstreamPid = upstream.process.pid!;
  // A few streams first, so JIT and connection pools are warm before the baseline (a full round would leave its
  // memory to the process, and the measured round would reuse it and look free).
  const warm = openStreams(gateway.url, token, 10);
  await warm.started;
  await warm.close();
  const gatewayBefore = await settledRss(gatewayPid);
  const upstreamBefore = await rssKb(upstreamPid);
  const held = openStreams(gateway.url, token, count);
  try {
    await held.started;
    const gatewayAfter = await settledRss(gatewayPid);
    const upstreamAfter = await rssKb(upstreamPid);
    return {
      streams: count,
      gatewayRssGrowthKbPerStream: round((gatewayAfter - gatewayBefore) / count),
      upstreamRssGrowthKbPerStream: round((upstreamAfter - upstreamBefore) / count),
    };
  } finally {
    await held.close();
  }
}

export async function benchChatStream(options: ChatStreamBenchOptions): Promise<ChatStreamBenchResult> {
  const firstByte = await measureFirstByte(options);
  const memory = await measureMemory(options);
  return {
    ...firstByte,
    addedP50Ms: round(firstByte.gatewayP50Ms - firstByte.directP50Ms),
    addedP99Ms: round(firstByte.gatewayP99Ms - firstByte.directP99Ms),
    ...memory,
  };
}
