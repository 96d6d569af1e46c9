// The chat sections of `npm run bench` (docs/performance.md#what-it-measures): first byte and memory of streams
// through the gateway against a stand-in, memory per open Chat Reasoning reply in the real chat service beside its
// floors, and stream scale.
import type { RunningSystem } from '../e2e/support/system';
import { benchSigning, ratio, startServer } from './bench-kit';
import { benchApiUrl, giveCredits, signUpMember } from './bench-members';
import { printLastLines, type Section, type Target } from './bench-run';
import {
  benchChatServiceStreams,
  benchChatStream,
  benchStreamFloors,
  chatServiceStreamsCredits,
  memoryProbeEnv,
} from './chat-stream-bench';
import { ADDED_P99_LIMIT_MS, benchStreamScale, streamScaleCredits } from './stream-scale-bench';

/** A process's live memory per open reply against its limit (`what` names the process and how many were open). */
function memoryTarget(what: string, kb: number, limit: number): Target {
  return { what: `${what} (KB)`, value: kb, target: `<= ${limit}`, met: kb <= limit };
}

/**
 * Streamed replies through the real gateway against a stand-in chat service (service-kit's openEventStream): first
 * byte through the gateway compared with direct, and memory per open stream with 200 streams held open.
 */
export async function benchChatStreamSection(probeDir: string): Promise<Section> {
  const { jwks, token } = await benchSigning();
  const upstream = await startServer('load-tests/servers/sse-upstream.ts', {
    BENCH_JWKS: jwks,
    ...memoryProbeEnv(probeDir),
  });
  const gateway = await startServer('load-tests/servers/gateway.ts', {
    ...memoryProbeEnv(probeDir),
    CHAT_URL: upstream.url,
    // Required beside CHAT_URL; the benchmark never calls /api/health, so the public URL stands in.
    CHAT_OPS_URL: upstream.url,
    JWKS_URL: `${upstream.url}/jwks.json`,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    const result = await benchChatStream({ gateway, upstream, token, probeDir });
    return {
      name: 'chat stream',
      runs: [],
      figures: { ...result },
      targets: [
        {
          what: 'first byte added by the gateway, p50 (ms)',
          value: result.addedP50Ms,
          target: '<= 5',
          met: result.addedP50Ms <= 5,
        },
        {
          what: 'first byte added by the gateway, p99 (ms)',
          value: result.addedP99Ms,
          target: '<= 20',
          met: result.addedP99Ms <= 20,
        },
        {
          what: `gateway live memory per open stream, ${result.streams} streams (KB)`,
          value: result.gatewayLiveKbPerStream,
          target: '<= 60',
          met: result.gatewayLiveKbPerStream <= 60,
        },
      ],
    };
  } finally {
    await Promise.all([gateway.stop(), upstream.stop()]);
  }
}

/**
 * 200 Chat Reasoning replies streamed at once through the gateway by the real chat service, each from the bench's
 * slow fake provider: the memory one open reply costs the gateway and the chat service.
 */
export async function benchChatServiceSection(
  system: RunningSystem,
  providerUrl: string,
  probeDir: string,
): Promise<Section> {
  const apiUrl = benchApiUrl(system);
  const token = await signUpMember(apiUrl);
  await giveCredits(system, token, chatServiceStreamsCredits());
  const gatewayPid = system.pids.gateway;
  const chatPid = system.pids.chat;
  if (!gatewayPid || !chatPid) throw new Error('the system runs no chat service or gateway');
  const result = await benchChatServiceStreams({
    apiUrl,
    token,
    gatewayPid,
    chatPid,
    prompt: 'Tell me a story',
    probeDir,
  });
  // The same number of provider streams through a proxy with no logic (what Node alone costs per open request) and
  // through the kit and chat's provider with none of chat's logic (what this design costs before chat's own).
  const floors = await benchStreamFloors({ providerUrl, count: result.streams, probeDir });
  const floorsText = `bare node:http + undici floor ${floors.floorLiveKbPerStream}, kit + provider floor ${floors.designFloorLiveKbPerStream}`;
  console.log(`[bench] chat live memory per open reply ${result.chatLiveKbPerStream} KB; ${floorsText} KB`);
  return {
    name: 'chat service streams',
    runs: [],
    figures: { ...result, ...floors },
    targets: [
      memoryTarget(
        `gateway live memory per open chat reply, ${result.streams} replies`,
        result.gatewayLiveKbPerStream,
        60,
      ),
      {
        ...memoryTarget(
          `chat service live memory per open reply, ${result.streams} replies`,
          result.chatLiveKbPerStream,
          32,
        ),
        // No growth at all means the replies were not all open when read (or the baseline held memory that went
        // since): a failed measurement, never a met target.
        met: result.chatLiveKbPerStream > 0 && result.chatLiveKbPerStream <= 32,
        missNote:
          result.chatLiveKbPerStream <= 0
            ? 'no growth with the replies open: the reading failed; run BENCH_ONLY=chat-service again'
            : floorsText,
      },
      {
        // Issue 44: chat's memory per open reply against the same streams held by the kit and chat's provider alone.
        what: `chat live memory per open reply / kit + provider floor, ${result.streams} replies`,
        value: ratio(result.chatLiveKbPerStream, floors.designFloorLiveKbPerStream),
        target: '<= 1.05',
        met:
          result.chatLiveKbPerStream > 0 &&
          ratio(result.chatLiveKbPerStream, floors.designFloorLiveKbPerStream) <= 1.05,
        missNote: floorsText,
      },
    ],
  };
}

/**
 * Stream scale (stream-scale-bench.ts): 100 to 1,000 Chat Reasoning replies open at once through the gateway and one
 * chat replica, each from the slow fake provider: what the gateway adds to the first byte, memory per open reply in
 * both processes, their event-loop delay, and the first step where the added p99 exceeds 10 ms.
 */
export async function benchStreamScaleSection(
  system: RunningSystem,
  probeDir: string,
  options: { steps?: readonly number[]; samples?: number } = {},
): Promise<Section> {
  const apiUrl = benchApiUrl(system);
  const chatUrl = system.urls.chat?.replace('//localhost:', '//127.0.0.1:');
  const gatewayPid = system.pids.gateway;
  const chatPid = system.pids.chat;
  if (!chatUrl || !gatewayPid || !chatPid) throw new Error('the system runs no chat service or gateway');
  const token = await signUpMember(apiUrl, 'stream-scale');
  await giveCredits(system, token, streamScaleCredits(options.steps, options.samples));
  const result = await benchStreamScale({
    apiUrl,
    chatUrl,
    token,
    gatewayPid,
    chatPid,
    probeDir,
    ...options,
  });
  // A reply that failed is the answer of one of these three: their warnings and errors say which and why. (A step
  // that failed outright ends the section, and the bench prints every process's last lines then.)
  if (result.steps.some((step) => step.failed)) printLastLines(system.tails, ['gateway', 'chat', 'credits']);
  const last = result.steps[result.steps.length - 1]!;
  return {
    // One name whatever the steps, so the history compares its figures run to run.
    name: 'stream scale',
    runs: [],
    figures: {
      steps: result.steps.map((step) => step.concurrent).join(', '),
      ...Object.fromEntries(
        result.steps.flatMap((step) =>
          Object.entries(step)
            .filter(([name]) => name !== 'concurrent')
            .map(([name, value]) => [`${step.concurrent} open: ${name}`, value]),
        ),
      ),
      addedP99OverLimitAt: result.addedP99OverLimitAt ?? `none up to ${last.concurrent}`,
    },
    targets: [
      {
        what: `replies open when the added first-byte p99 first exceeds ${ADDED_P99_LIMIT_MS} ms (0: never)`,
        value: result.addedP99OverLimitAt ?? 0,
        target: `0 (never, up to ${last.concurrent})`,
        met: result.addedP99OverLimitAt === undefined,
      },
      {
        what: `first byte added by the gateway, p99, ${last.concurrent} open (ms)`,
        value: last.addedP99Ms,
        target: '<= 20',
        met: last.addedP99Ms <= 20,
      },
      memoryTarget(
        `gateway live memory per open chat reply, ${last.concurrent} open`,
        last.gatewayLiveKbPerStream,
        60,
      ),
      memoryTarget(
        `chat service live memory per open reply, ${last.concurrent} open`,
        last.chatLiveKbPerStream,
        32,
      ),
      {
        what: `no reply failed`,
        value: result.steps.reduce((sum, step) => sum + step.failed, 0),
        target: '= 0',
        met: result.steps.every((step) => step.failed === 0),
      },
    ],
  };
}
