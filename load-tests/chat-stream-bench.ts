// Benchmark of the streaming path (Server-Sent Events) through the real gateway process, against a stand-in chat
// service that streams with service-kit's openEventStream (servers/sse-upstream.ts):
// - time to first byte (the `start` event) through the gateway compared with the same service called directly,
//   sampled alternately one request at a time so both see the same machine;
// - 200 streams held open at once through the gateway: the gateway's resident memory growth per open stream, and the
//   stand-in service's, both measured once every stream has delivered its first event: resident memory, and live
//   memory (heap and buffers) after a full garbage collection (servers/memory-probe.mjs);
// - the same with the real chat service behind the gateway (benchChatServiceStreams).
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES } from '@act/contracts';
import { processMemoryKb } from '@act/service-kit/testing';
import { round, startServer, type BenchServer } from './bench-kit';

export interface ChatStreamBenchOptions {
  gateway: BenchServer;
  upstream: BenchServer;
  /** A member's access token the gateway accepts. */
  token: string;
  /** Measured first-byte samples per path (default 300). */
  samples?: number;
  /** Streams held open at once (default 200). */
  concurrentStreams?: number;
  /** The MEMORY_PROBE_DIR both servers were started with (memoryProbeEnv). */
  probeDir: string;
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
  gatewayLiveKbPerStream: number;
  upstreamRssGrowthKbPerStream: number;
  upstreamLiveKbPerStream: number;
}

const PATH = API_ROUTES.chat.playground.sendMessage;
const BODY = JSON.stringify({ prompt: 'Hello' });

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return round(sorted[Math.max(0, index)]!);
}

export function headersFor(token: string): Record<string, string> {
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
  /** Resolves once every stream has ended by itself (or failed). */
  ended: Promise<void>;
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
    ended: Promise.all(finished).then(() => undefined),
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
export async function settledRss(pid: number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    readings.push(await processMemoryKb(pid));
  }
  return readings.sort((a, b) => a - b)[2]!;
}

/**
 * The environment that lets liveMemoryKb read a server process (see servers/memory-probe.mjs). Every process started
 * with it writes its memory to `dir` when sent SIGUSR2.
 */
export function memoryProbeEnv(dir: string): Record<string, string> {
  return {
    NODE_OPTIONS: `--expose-gc --import ${MEMORY_PROBE}`,
    MEMORY_PROBE_DIR: dir,
    // Heap snapshots at every probe, left in `dir` for heap-diff.ts (slow: a diagnosis, not a bench run).
    ...(process.env.MEMORY_PROBE_HEAPSNAPSHOT === '1' ? { MEMORY_PROBE_HEAPSNAPSHOT: '1' } : {}),
    // Each process's CPU profile, written on exit (a diagnosis: servers/memory-probe.mjs).
    ...(process.env.MEMORY_PROBE_CPU_PROFILE === '1' ? { MEMORY_PROBE_CPU_PROFILE: '1' } : {}),
  };
}

const MEMORY_PROBE = fileURLToPath(new URL('./servers/memory-probe.mjs', import.meta.url));

/** JS heap and off-heap buffers a probed process holds after a full garbage collection, in KB. */
async function liveMemoryKb(pid: number, dir: string): Promise<number> {
  const probe = await probeProcess(pid, dir);
  return (probe.heapUsed + probe.external) / 1024;
}

export interface ProcessProbe extends NodeJS.MemoryUsage {
  /** The event-loop delay since the previous probe of this process (servers/memory-probe.mjs), in ms. */
  eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number };
}

/** Asks a probed process for its memory after a full collection and its event-loop delay since the last probe. */
export async function probeProcess(pid: number, dir: string): Promise<ProcessProbe> {
  const file = path.join(dir, `${pid}.json`);
  await rm(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  // A heap snapshot (MEMORY_PROBE_HEAPSNAPSHOT) of a busy process takes far longer than the collection alone.
  const deadline = Date.now() + (process.env.MEMORY_PROBE_HEAPSNAPSHOT === '1' ? 180_000 : 10_000);
  for (;;) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as ProcessProbe;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`process ${pid} wrote no memory probe`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * Memory growth per open stream of the gateway and the service behind it, with `count` streams held open: resident
 * memory (what a container limit sees), and live memory after a full collection (what the streams really hold).
 */
async function memoryPerStream(
  target: StreamTarget,
  token: string,
  count: number,
  pids: [number, number],
  probeDir: string,
  /**
   * Let the warm-up streams run to their end before the baseline (streams that end by themselves: a chat reply).
   * A chat reply belongs to the server: closing its stream leaves the reply running, so a warm-up closed at its first
   * event leaves replies that end inside the measured window, and the code of a reply's later steps (its chunks, the
   * saved progress, the settlement) compiled inside it, counted per reply (docs/performance.md).
   */
  warmToEnd = false,
) {
  const [gatewayPid, servicePid] = pids;
  const live = () => Promise.all([liveMemoryKb(gatewayPid, probeDir), liveMemoryKb(servicePid, probeDir)]);
  // A few streams first, so JIT and connection pools are warm before the baseline (a full round would leave its
  // memory to the process, and the measured round would reuse it and look free).
  const warm = openStreams(target, token, 10);
  await warm.started;
  if (warmToEnd) await warm.ended;
  await warm.close();
  // Live memory first: its collection would otherwise shrink the resident figure between the two readings.
  const [gatewayLiveBefore, serviceLiveBefore] = await live();
  const [gatewayBefore, serviceBefore] = await Promise.all([settledRss(gatewayPid), settledRss(servicePid)]);
  const held = openStreams(target, token, count);
  try {
    await held.started;
    const [gatewayAfter, serviceAfter] = await Promise.all([settledRss(gatewayPid), settledRss(servicePid)]);
    const [gatewayLiveAfter, serviceLiveAfter] = await live();
    return {
      gatewayRssKb: round((gatewayAfter - gatewayBefore) / count),
      serviceRssKb: round((serviceAfter - serviceBefore) / count),
      gatewayLiveKb: round((gatewayLiveAfter - gatewayLiveBefore) / count),
      serviceLiveKb: round((serviceLiveAfter - serviceLiveBefore) / count),
    };
  } finally {
    await held.close();
  }
}

async function measureMemory(options: ChatStreamBenchOptions) {
  const { gateway, upstream, token, probeDir } = options;
  const count = options.concurrentStreams ?? 200;
  const target = { url: `${gateway.url}${PATH}?holdMs=60000`, body: BODY };
  const pids: [number, number] = [gateway.process.pid!, upstream.process.pid!];
  const growth = await memoryPerStream(target, token, count, pids, probeDir);
  return {
    streams: count,
    gatewayRssGrowthKbPerStream: growth.gatewayRssKb,
    gatewayLiveKbPerStream: growth.gatewayLiveKb,
    upstreamRssGrowthKbPerStream: growth.serviceRssKb,
    upstreamLiveKbPerStream: growth.serviceLiveKb,
  };
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
  /** The MEMORY_PROBE_DIR the system's processes were started with (memoryProbeEnv). */
  probeDir: string;
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
  const pids: [number, number] = [options.gatewayPid, options.chatPid];
  const growth = await memoryPerStream(target, options.token, count, pids, options.probeDir, true);
  return {
    streams: count,
    gatewayRssGrowthKbPerStream: growth.gatewayRssKb,
    gatewayLiveKbPerStream: growth.gatewayLiveKb,
    chatRssGrowthKbPerStream: growth.serviceRssKb,
    chatLiveKbPerStream: growth.serviceLiveKb,
  };
}

/**
 * The floors under chat's figure, the same number of streams from the fake provider held open through each:
 * - bare: a bare node:http server that pipes the provider's stream with undici (servers/node-proxy.ts, no logic);
 * - design: the kit's app and endpoint, respond's event stream and chat's own provider adapter, none of chat's logic
 *   (servers/chat-design-floor.ts): what any reply on this design holds before chat's charge, store and generation.
 * Each one's live memory per open request.
 */
export async function benchStreamFloors(options: { providerUrl: string; count?: number; probeDir: string }) {
  const count = options.count ?? 200;
  const bare = await floorLiveKb(
    'load-tests/servers/node-proxy.ts',
    { UPSTREAM_URL: options.providerUrl },
    (url) => ({
      // The provider's own path (its base URL's, then chat/completions), through the proxy.
      url: `${url}${new URL(options.providerUrl).pathname.replace(/\/$/, '')}/chat/completions`,
      body: JSON.stringify({
        model: 'bench/model',
        stream: true,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    }),
    count,
    options.probeDir,
  );
  const design = await floorLiveKb(
    'load-tests/servers/chat-design-floor.ts',
    { OPENAI_BASE_URL: options.providerUrl },
    (url) => ({
      url: `${url}${API_ROUTES.chat.reasoning.sendMessage}`,
      body: JSON.stringify({ prompt: 'Tell me a story' }),
    }),
    count,
    options.probeDir,
  );
  return { floorStreams: count, floorLiveKbPerStream: bare, designFloorLiveKbPerStream: design };
}

async function floorLiveKb(
  script: string,
  env: Record<string, string>,
  targetAt: (url: string) => StreamTarget,
  count: number,
  probeDir: string,
): Promise<number> {
  const floor = await startServer(script, { ...env, ...memoryProbeEnv(probeDir) });
  try {
    const pid = floor.process.pid!;
    // Warmed to the end as chat's replies are, so the same code is compiled before the baseline.
    const growth = await memoryPerStream(targetAt(floor.url), 'floor', count, [pid, pid], probeDir, true);
    return growth.serviceLiveKb;
  } finally {
    await floor.stop();
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
