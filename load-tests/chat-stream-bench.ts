// Benchmark of the streaming path (Server-Sent Events) through the real gateway process, against a stand-in chat
// service that streams with service-kit's openEventStream (servers/sse-upstream.ts):
// - time to first byte (the `start` event) through the gateway compared with the same service called directly,
//   sampled alternately one request at a time so both see the same machine;
// - 200 streams held open at once through the gateway: the gateway's resident memory growth per open stream, and the
//   stand-in service's, both measured once every stream has delivered its first event (resident memory, and the
//   gateway's live heap and buffers after a full garbage collection);
// - the same with the real chat service behind the gateway (benchChatServiceStreams; resident memory only).
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
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
  /** The gateway's JS heap and buffers after a full collection, per stream. */
  gatewayLiveHeapKbPerStream: number;
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

interface StreamTarget {
  /** Where to POST: the stand-in's path with `?holdMs=`, or a chat tool's send-message. */
  url: string;
  body: string;
}

/** Opens `count` streams through the gateway that stay open until the reply ends or they are closed. */
function openStreams(target: StreamTarget, token: string, count: number): OpenStreams {
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
          const response = await fetch(target.url, {
            method: 'POST',
            headers: headersFor(token),
            body: target.body,
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

/**
 * The median of a few RSS readings over a second: one reading may land just before or after a garbage collection.
 * (The processes are not ours to force a collection in, so the figure includes garbage not yet collected.)
 */
async function settledRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    readings.push(await rssKb(pid));
  }
  return readings.sort((a, b) => a - b)[2]!;
}

/**
 * Heap and off-heap memory (buffers) a bench server holds after a full garbage collection: it must run with
 * --expose-gc, and answers SIGUSR2 with a `MEMORY <json>` line.
 */
async function liveMemoryKb(server: BenchServer): Promise<number> {
  const lines = createInterface({ input: server.process.stdout! });
  try {
    const reading = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no MEMORY line: is --expose-gc on?')), 5_000);
      lines.on('line', (line) => {
        if (!line.startsWith('MEMORY ')) return;
        clearTimeout(timer);
        const usage = JSON.parse(line.slice('MEMORY '.length)) as NodeJS.MemoryUsage;
        resolve((usage.heapUsed + usage.external) / 1024);
      });
    });
    server.process.kill('SIGUSR2');
    return await reading;
  } finally {
    lines.close();
  }
}

/** Memory growth per open stream of the gateway and the service behind it, with `count` streams held open. */
async function memoryPerStream(target: StreamTarget, token: string, count: number, pids: [number, number]) {
  const [gatewayPid, servicePid] = pids;
  // A few streams first, so JIT and connection pools are warm before the baseline (a full round would leave its
  // memory to the process, and the measured round would reuse it and look free).
  const warm = openStreams(target, token, 10);
  await warm.started;
  await warm.close();
  const [gatewayBefore, serviceBefore] = await Promise.all([settledRss(gatewayPid), settledRss(servicePid)]);
  const held = openStreams(target, token, count);
  try {
    await held.started;
    const [gatewayAfter, serviceAfter] = await Promise.all([settledRss(gatewayPid), settledRss(servicePid)]);
    return {
      gatewayKb: round((gatewayAfter - gatewayBefore) / count),
      serviceKb: round((serviceAfter - serviceBefore) / count),
    };
  } finally {
    await held.close();
  }
}

async function measureMemory(options: ChatStreamBenchOptions) {
  const { gateway, upstream, token } = options;
  const count = options.concurrentStreams ?? 200;
  const target = { url: `${gateway.url}${PATH}?holdMs=60000`, body: BODY };
  const growth = await memoryPerStream(target, token, count, [gateway.process.pid!, upstream.process.pid!]);
  // The same again on the gateway's live memory after a full collection (JS heap and buffers, no garbage).
  const warm = openStreams(target, token, 10);
  await warm.started;
  await warm.close();
  const liveBefore = await liveMemoryKb(gateway);
  const held = openStreams(target, token, count);
  try {
    await held.started;
    const liveAfter = await liveMemoryKb(gateway);
    return {
      streams: count,
      gatewayRssGrowthKbPerStream: growth.gatewayKb,
      gatewayLiveHeapKbPerStream: round((liveAfter - liveBefore) / count),
      upstreamRssGrowthKbPerStream: growth.serviceKb,
    };
  } finally {
    await held.close();
  }
}

export interface ChatServiceStreamsOptions {
  /** The gateway of a running system whose chat service answers from a slow streaming fake provider. */
  apiUrl: string;
  /** A member with credits for `count` + 10 reasoning messages. */
  token: string;
  gatewayPid: number;
  chatPid: number;
  /** A question the fake provider answers slowly enough that every stream is still open when measured. */
  prompt: string;
  /** Streams held open at once (default 200). */
  concurrentStreams?: number;
}

/** The credits ChatServiceStreams spends: a reasoning message each, the warm-up included. */
export function chatServiceStreamsCredits(count = 200): number {
  return (count + 10) * 6;
}

/**
 * The real chat service behind the gateway: `count` Chat Reasoning replies streamed at once (each a provider stream
 * from the fake, a reserve, a stored message), and the memory each open reply costs the gateway and the service.
 */
export async function benchChatServiceStreams(options: ChatServiceStreamsOptions) {
  const count = options.concurrentStreams ?? 200;
  const target = {
    url: `${options.apiUrl}${API_ROUTES.chat.reasoning.sendMessage}`,
    body: JSON.stringify({ prompt: options.prompt }),
  };
  const growth = await memoryPerStream(target, options.token, count, [options.gatewayPid, options.chatPid]);
  return {
    streams: count,
    gatewayRssGrowthKbPerStream: growth.gatewayKb,
    chatRssGrowthKbPerStream: growth.serviceKb,
  };
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
