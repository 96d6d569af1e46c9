// Stream scale: many Chat Reasoning replies open at once through one gateway and one chat replica, each streamed by
// the slow fake provider, stepping the number open (100, 250, 500, 1,000 by default). At each step, once every reply
// has sent its first event:
// - memory per open reply of the gateway and of chat (live memory after a full collection, over the baseline);
// - first byte (the `start` event) of new replies sent while the step's replies stream, alternately straight to chat
//   and through the gateway: what the gateway adds at p50 and p99;
// - the event-loop delay of both processes while those first bytes were measured (servers/memory-probe.mjs);
// and the first step at which the gateway's added p99 exceeds 10 ms.
// Each step's replies (and its samples) are read to their end before the next step, so steps do not overlap.
import { API_ROUTES } from '@act/contracts';
import { round } from './bench-kit';
import { headersFor, percentile, probeProcess, type ProcessProbe } from './chat-stream-bench';

export interface StreamScaleOptions {
  /** The gateway of a running system whose chat service answers from a slow streaming fake provider. */
  apiUrl: string;
  /** The same chat service's own URL (system.urls.chat). */
  chatUrl: string;
  /** A member with credits for streamScaleCredits(steps, samples). */
  token: string;
  gatewayPid: number;
  chatPid: number;
  /** The MEMORY_PROBE_DIR the system's processes were started with (memoryProbeEnv). */
  probeDir: string;
  /** Replies open at once at each step. */
  steps?: readonly number[];
  /** First-byte samples per path at each step. */
  samples?: number;
}

export const STREAM_SCALE_STEPS = [100, 250, 500, 1000] as const;
const SAMPLES = 100;
/** Added first-byte p99 (ms) above which a step counts as too many. */
export const ADDED_P99_LIMIT_MS = 10;

export interface StreamScaleStep {
  concurrent: number;
  /** Seconds until every reply of the step had sent its first event. */
  openedInS: number;
  directP50Ms: number;
  directP99Ms: number;
  gatewayP50Ms: number;
  gatewayP99Ms: number;
  addedP50Ms: number;
  addedP99Ms: number;
  gatewayLiveKbPerStream: number;
  chatLiveKbPerStream: number;
  gatewayLoopDelayP99Ms: number;
  chatLoopDelayP99Ms: number;
  gatewayLoopDelayMaxMs: number;
  chatLoopDelayMaxMs: number;
  failed: number;
}

export interface StreamScaleResult {
  steps: StreamScaleStep[];
  /** The first step whose added first-byte p99 exceeded ADDED_P99_LIMIT_MS; undefined when none did. */
  addedP99OverLimitAt: number | undefined;
}

/** The credits the bench spends: a reasoning message (6) per reply, the samples and a warm-up included. */
export function streamScaleCredits(steps: readonly number[] = STREAM_SCALE_STEPS, samples = SAMPLES): number {
  return (steps.reduce((sum, step) => sum + step + 2 * samples, 0) + 20) * 6;
}

interface Reply {
  /** Resolves with ms to the first body byte (rejects when the reply failed before one). */
  first: Promise<number>;
  /** Resolves once the reply has ended (read to its end, or failed). */
  ended: Promise<void>;
}

/** Sends one reasoning message and reads its stream to the end. */
function sendReply(baseUrl: string, token: string): Reply {
  let resolveFirst!: (ms: number) => void;
  let rejectFirst!: (error: unknown) => void;
  const first = new Promise<number>((resolve, reject) => {
    resolveFirst = resolve;
    rejectFirst = reject;
  });
  // Read by whoever needs it; a failure is counted through `ended` too.
  first.catch(() => undefined);
  const started = performance.now();
  const ended = (async () => {
    try {
      const response = await fetch(`${baseUrl}${API_ROUTES.chat.reasoning.sendMessage}`, {
        method: 'POST',
        headers: headersFor(token),
        body: JSON.stringify({ prompt: 'Tell me a long story' }),
      });
      if (response.status !== 200)
        throw new Error(`a reply answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
      let seen = false;
      for await (const chunk of response.body!) {
        void chunk;
        if (!seen) resolveFirst(performance.now() - started);
        seen = true;
      }
      if (!seen) throw new Error('a reply ended without a byte');
    } catch (error) {
      rejectFirst(error);
      throw error;
    }
  })();
  // Marked handled: a sample whose first byte failed ends its step before anyone awaits the rest of its replies, and
  // an unhandled rejection would end the whole bench (the step's error is its section's SKIP line instead).
  ended.catch(() => undefined);
  return { first, ended };
}

/** First bytes of `samples` replies each way, sent alternately one at a time (read to their end in the background). */
async function sampleFirstBytes(options: StreamScaleOptions, samples: number) {
  const direct: number[] = [];
  const proxied: number[] = [];
  const replies: Reply[] = [];
  for (let i = 0; i < samples; i++) {
    const straight = sendReply(options.chatUrl, options.token);
    replies.push(straight);
    direct.push(await straight.first);
    const through = sendReply(options.apiUrl, options.token);
    replies.push(through);
    proxied.push(await through.first);
  }
  direct.sort((a, b) => a - b);
  proxied.sort((a, b) => a - b);
  return { direct, proxied, replies };
}

const kbPerStream = (after: ProcessProbe, before: ProcessProbe, count: number) =>
  round((after.heapUsed + after.external - before.heapUsed - before.external) / 1024 / count);

export async function benchStreamScale(options: StreamScaleOptions): Promise<StreamScaleResult> {
  const steps = options.steps ?? STREAM_SCALE_STEPS;
  const samples = options.samples ?? SAMPLES;
  const probeBoth = () =>
    Promise.all([
      probeProcess(options.gatewayPid, options.probeDir),
      probeProcess(options.chatPid, options.probeDir),
    ]);
  // Warm: JIT, keep-alive connections, the JWT cache, the database's plans.
  const warm = Array.from({ length: 10 }, (_, i) =>
    sendReply(i % 2 ? options.apiUrl : options.chatUrl, options.token),
  );
  await Promise.allSettled(warm.map((reply) => reply.ended));

  const results: StreamScaleStep[] = [];
  for (const concurrent of steps) {
    const [gatewayBefore, chatBefore] = await probeBoth();
    const opened = performance.now();
    const held = Array.from({ length: concurrent }, () => sendReply(options.apiUrl, options.token));
    await Promise.allSettled(held.map((reply) => reply.first));
    const openedInS = round((performance.now() - opened) / 1000);
    // Memory with the step's replies open; the delay window starts here.
    const [gatewayOpen, chatOpen] = await probeBoth();
    const sampled = await sampleFirstBytes(options, samples);
    const [gatewayWindow, chatWindow] = await probeBoth();
    const ends = await Promise.allSettled([...held, ...sampled.replies].map((reply) => reply.ended));
    const direct = { p50: percentile(sampled.direct, 50), p99: percentile(sampled.direct, 99) };
    const proxied = { p50: percentile(sampled.proxied, 50), p99: percentile(sampled.proxied, 99) };
    const step: StreamScaleStep = {
      concurrent,
      openedInS,
      directP50Ms: direct.p50,
      directP99Ms: direct.p99,
      gatewayP50Ms: proxied.p50,
      gatewayP99Ms: proxied.p99,
      addedP50Ms: round(proxied.p50 - direct.p50),
      addedP99Ms: round(proxied.p99 - direct.p99),
      gatewayLiveKbPerStream: kbPerStream(gatewayOpen, gatewayBefore, concurrent),
      chatLiveKbPerStream: kbPerStream(chatOpen, chatBefore, concurrent),
      gatewayLoopDelayP99Ms: gatewayWindow.eventLoopDelay.p99Ms,
      chatLoopDelayP99Ms: chatWindow.eventLoopDelay.p99Ms,
      gatewayLoopDelayMaxMs: gatewayWindow.eventLoopDelay.maxMs,
      chatLoopDelayMaxMs: chatWindow.eventLoopDelay.maxMs,
      // A reply that failed before its first byte failed its end too: counted once.
      failed: ends.filter((end) => end.status === 'rejected').length,
    };
    console.log(`[bench] stream scale: ${JSON.stringify(step)}`);
    const failure = ends.find((end): end is PromiseRejectedResult => end.status === 'rejected');
    if (failure) console.log(`[bench] stream scale: at ${concurrent} open, ${String(failure.reason)}`);
    results.push(step);
  }
  return {
    steps: results,
    addedP99OverLimitAt: results.find((step) => step.addedP99Ms > ADDED_P99_LIMIT_MS)?.concurrent,
  };
}
