// `npm run bench`: measures this machine's reference (a raw node:http hello) and our stack against it, as ratios,
// so results compare across machines. The gateway and credits sections start their own processes; the prompt and
// shell sections share one whole system (every service, gateway, built front-ends), started once and stopped at
// the end. Every server runs as production runs it, compiled by scripts/build-service.mjs and started with
// `node --enable-source-maps`, never under tsx (bench-kit.ts startServer; launchSystem's `built`). The load average
// is recorded next to the figures: another job on the machine skews them.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveInfra, type ResolvedInfra } from '@act/dev-infra';
import { setCredits, userIdOf } from '../e2e/support/credits-db';
import { buildFrontEnds, launchSystem, type RunningSystem } from '../e2e/support/system';
import { benchSigning, load, median, ratio, round, startServer, type BenchServer } from './bench-kit';
import { processCpuMs, startFakeOpenAi } from '@act/service-kit/testing';
import {
  benchChatServiceStreams,
  benchStreamFloors,
  benchChatStream,
  chatServiceStreamsCredits,
  memoryProbeEnv,
  probeProcess,
} from './chat-stream-bench';
import { benchCredits } from './credits-bench';
import { benchEffects } from './effects-bench';
import { benchGallery } from './gallery-bench';
import { NGINX_INSTALL_HINT, startNginxProxy } from './nginx-proxy';
import { pacedLoad, type PacedLoadResult } from './paced-load';
import {
  benchPromptTool,
  creditsNeeded,
  PATH as PROMPT_PATH,
  startPromptFloor,
  type FloorWrites,
  type PromptBenchResult,
} from './prompt-bench';
import { appendHistory } from './history';
import {
  recordBenchPids,
  runSection,
  skippedSection,
  startBenchRun,
  stopBenchChildren,
  targetTable,
  type Section,
} from './bench-run';
import { benchShell } from './shell-bench';
import { benchTracing } from './tracing-bench';
import { ADDED_P99_LIMIT_MS, benchStreamScale, streamScaleCredits } from './stream-scale-bench';
import { benchUploadMemory } from './upload-memory-bench';
import { benchVoice, voiceBenchCredits } from './voice-bench';

async function benchGateway(): Promise<Section> {
  const { jwks, token } = await benchSigning();

  const raw = await startServer('load-tests/servers/raw-hello.ts');
  const koa = await startServer('load-tests/servers/koa-hello.ts');
  const floor = await startServer('load-tests/servers/koa-floor-hello.ts');
  const kit = await startServer('load-tests/servers/kit-hello.ts', { BENCH_JWKS: jwks });
  const gateway = await startServer('load-tests/servers/gateway.ts', {
    CREDITS_URL: kit.url,
    // Required beside CREDITS_URL; the benchmark never calls /api/health, so the public URL stands in.
    CREDITS_OPS_URL: kit.url,
    JWKS_URL: `${kit.url}/jwks.json`,
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const nodeProxy = await startServer('load-tests/servers/node-proxy.ts', { UPSTREAM_URL: kit.url });
  const nginx = await startNginxProxy(kit.url);
  if (!nginx) console.log(`[bench] gateway/nginx: ${NGINX_INSTALL_HINT}`);
  try {
    const runs = [
      await load({ label: 'raw node:http hello (reference)', url: `${raw.url}/` }),
      await load({ label: 'service-kit hello, direct', url: `${kit.url}/api/credits/plans` }),
      await load({
        label: 'service-kit hello via gateway (public)',
        url: `${gateway.url}/api/credits/plans`,
      }),
      await load({
        label: 'service-kit hello via gateway (JWT verified)',
        url: `${gateway.url}/api/credits/me`,
        headers: { authorization: `Bearer ${token}` },
      }),
      await load({ label: 'bare Koa hello (framework ceiling)', url: `${koa.url}/` }),
      await load({
        label: 'Koa hello with only the per-request musts (service floor)',
        url: `${floor.url}/`,
      }),
      await load({
        label: 'service-kit hello via node:http + undici (Node proxy ceiling)',
        url: `${nodeProxy.url}/api/credits/plans`,
      }),
      ...(nginx
        ? [
            await load({
              label: 'service-kit hello via nginx (reference proxy)',
              url: `${nginx.url}/api/credits/plans`,
            }),
          ]
        : []),
    ];
    const [a, b, c, d, k, f, p, n] = runs.map((run) => run.requestsPerSecond) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number | undefined,
    ];
    // The kit, bare Koa and the floor twice more, interleaved: on two shared cores one 5-second window moves their
    // ratios by a tenth or more between runs minutes apart, so each of the three is the median of its three windows.
    const again = (server: BenchServer, path: string, label: string) =>
      load({ label, url: `${server.url}${path}` }).then((run) => run.requestsPerSecond);
    const kitWindows = [b];
    const koaWindows = [k];
    const floorWindows = [f];
    for (let extra = 0; extra < 2; extra++) {
      kitWindows.push(await again(kit, '/api/credits/plans', 'service-kit hello, direct'));
      koaWindows.push(await again(koa, '/', 'bare Koa hello'));
      floorWindows.push(await again(floor, '/', 'Koa floor hello'));
    }
    console.log(
      `[bench] req/s in three windows each: kit ${kitWindows.join(', ')}; bare Koa ${koaWindows.join(', ')}; floor ${floorWindows.join(', ')}`,
    );
    const kitRps = median(kitWindows);
    const koaRps = median(koaWindows);
    const floorRps = median(floorWindows);
    const kitRatio = ratio(b, a);
    const gatewayRatio = ratio(c, a);
    return {
      name: 'gateway',
      runs,
      figures: {
        'b/a': kitRatio,
        'c/a': gatewayRatio,
        'protected/public': ratio(d, c),
        'bare Koa/a': ratio(k, a),
        // Medians of three interleaved windows each (the table's kit, bare Koa and floor rows are the first).
        'service-kit/bare Koa': ratio(kitRps, koaRps),
        // The floor is bare Koa plus only what every service must do per request (servers/koa-floor-hello.ts):
        // `floor/bare Koa` is what any service on Koa can reach, `service-kit/floor` what the kit adds on top.
        'floor/bare Koa': ratio(floorRps, koaRps),
        'service-kit/floor': ratio(kitRps, floorRps),
        // The gateway against a production reverse proxy doing the same job (no JWT, no rate limit in nginx).
        // How far the gateway is from the fastest Node proxy, and how far that one is from nginx: the gateway
        // cannot pass the first, so `node proxy/nginx` below 0.7 means the nginx target needs another proxy core.
        'gateway/node proxy': ratio(c, p),
        ...(n
          ? { 'gateway/nginx': ratio(c, n), 'node proxy/nginx': ratio(p, n), 'nginx/a': ratio(n, a) }
          : { 'gateway/nginx': 'nginx not installed' }),
      },
      targets: [
        { what: 'service-kit / raw (b/a)', value: kitRatio, target: '>= 0.6', met: kitRatio >= 0.6 },
        { what: 'gateway / raw (c/a)', value: gatewayRatio, target: '>= 0.35', met: gatewayRatio >= 0.35 },
        {
          what: 'service-kit / bare Koa',
          value: ratio(kitRps, koaRps),
          target: '>= 0.8',
          met: ratio(kitRps, koaRps) >= 0.8,
          missNote: `the per-request floor reaches ${ratio(floorRps, koaRps)} of bare Koa; service-kit / floor ${ratio(kitRps, floorRps)}`,
        },
        ...(n
          ? [
              { what: 'gateway / nginx', value: ratio(c, n), target: '>= 0.7', met: ratio(c, n) >= 0.7 },
              {
                what: 'Node proxy ceiling / nginx (what any Node gateway can reach)',
                value: ratio(p, n),
                target: '>= 0.7',
                met: ratio(p, n) >= 0.7,
              },
            ]
          : []),
      ],
    };
  } finally {
    await Promise.all([
      gateway.stop(),
      kit.stop(),
      koa.stop(),
      floor.stop(),
      raw.stop(),
      nodeProxy.stop(),
      nginx?.stop(),
    ]);
  }
}

/**
 * Streamed replies through the real gateway against a stand-in chat service (service-kit's openEventStream): first
 * byte through the gateway compared with direct, and memory per open stream with 200 streams held open.
 */
async function benchChatStreamSection(): Promise<Section> {
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

/** Signs a new member up through the gateway and returns its access token. */
async function signUpMember(apiUrl: string, tag = 'member'): Promise<string> {
  const reply = await fetch(`${apiUrl}/api/identity/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${tag}-${Date.now().toString(36)}@example.com`,
      password: 'correct-horse-7',
    }),
  });
  const body = (await reply.json()) as { session?: { access_token: string } };
  if (!reply.ok || !body.session)
    throw new Error(`sign-up answered ${reply.status}: ${JSON.stringify(body)}`);
  return body.session.access_token;
}

const PROMPT_RATE = 200;
// The load is many members' (5 calls a second each), as it is in use: one member may make at most 10 a second
// (RATE_LIMIT_PER_MINUTE), and one member's calls queue behind each other on their account row.
const PROMPT_MEMBERS = 40;
/** Signs `count` members up, four at a time, and returns their access tokens. */
async function signUpMembers(apiUrl: string, count: number, tag: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) =>
      signUpMember(apiUrl, `${tag}-${i + j}`),
    );
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

const PROMPT_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CAPACITY_SECONDS = 5;
const ENHANCE_BODY = JSON.stringify({ text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' });

/**
 * Magic Enhance through the gateway with the local (instant, rule-based) provider, called by PROMPT_MEMBERS members
 * in turn, three ways: autocannon at the
 * target rate (benchPromptTool: per-connection bursts at the start of each second), the same rate evenly spaced
 * (open loop, one request every 5 ms), and as fast as 32 connections go for a capacity figure comparable with the
 * raw reference. Beside it, two floors (startPromptFloor: the same processes and hops written raw; the bare one updates
 * an account row per reserve and per commit batch, the design one writes the rows credits keeps for every use) under
 * the same two loads, interleaved with ours over BENCH_PROMPT_ROUNDS rounds (default 3, the median round kept: one
 * 10-second window read anywhere from 21 to 38 ms in bursts on the same code): on a shared machine the ratio prompt p99
 * / floor p99 is the figure to read, and the design floor's p99 is what a target on this design can ask for.
 */
async function benchPromptSection(system: RunningSystem, rawRps: number): Promise<Section> {
  // autocannon connects to the name as given; the gateway listens on IPv4, and `localhost` may resolve to ::1.
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const url = `${apiUrl}${PROMPT_PATH}`;
  const tokens = await signUpMembers(apiUrl, PROMPT_MEMBERS, 'prompt');
  const headers = { 'content-type': 'application/json' };
  const rounds = Number(process.env.BENCH_PROMPT_ROUNDS ?? 3);
  // One credit per call: both paced runs of every round and the measured one after them, plus room for a capacity run
  // far beyond this machine's reach, shared by the members (who take turns evenly), with a margin for their rounding.
  const credits =
    (rounds + 1) *
      (creditsNeeded({ rate: PROMPT_RATE, durationSeconds: PROMPT_SECONDS }) + PROMPT_RATE * PROMPT_SECONDS) +
    CAPACITY_SECONDS * 4_000;
  const perMember = Math.ceil((credits / PROMPT_MEMBERS) * 1.1);
  for (const token of tokens) {
    await setCredits(
      { adminUrl: system.databaseUrl, namespace: system.namespace },
      userIdOf(token),
      perMember,
    );
  }

  const startFloor = (writes: FloorWrites) =>
    startPromptFloor({
      databaseUrl: system.databaseUrl,
      natsUrl: infra.natsUrl!,
      accounts: PROMPT_MEMBERS,
      writes,
    });
  const floor = await startFloor('bare');
  const designFloor = await startFloor('design').catch(async (error: unknown) => {
    await floor.stop();
    throw error;
  });
  const paced = (target: string) =>
    pacedLoad({
      url: `${target}${PROMPT_PATH}`,
      method: 'POST',
      headers,
      tokens,
      body: ENHANCE_BODY,
      rate: PROMPT_RATE,
      durationSeconds: PROMPT_SECONDS,
    });
  const burst = (target: string) =>
    benchPromptTool(target, tokens, { rate: PROMPT_RATE, durationSeconds: PROMPT_SECONDS });
  const ourPids = (['gateway', 'prompt', 'credits'] as const).map((name) => system.pids[name]!);
  const runs: Array<{
    bursts: PromptBenchResult;
    floorBursts: PromptBenchResult;
    designBursts: PromptBenchResult;
    even: PacedLoadResult;
    floorEven: PacedLoadResult;
    designEven: PacedLoadResult;
    cpu: number[];
    floorCpu: number[];
    designCpu: number[];
  }> = [];
  try {
    for (let index = 0; index < rounds; index++) {
      const bursts = await burst(apiUrl);
      const floorBursts = await burst(floor.url);
      const designBursts = await burst(designFloor.url);
      // The evenly spaced runs also say the CPU every process on the path spent per call (gateway, service, credits,
      // then PostgreSQL and NATS), both read alike: never right after a probe, whose full collection throws away
      // optimized code (one probed window recompiled about 450 functions across our three processes where unprobed
      // ones recompiled under 100).
      const { result: even, cpu } = await cpuPerCall(ourPids, () => paced(apiUrl));
      const { result: floorEven, cpu: floorCpu } = await cpuPerCall(floor.pids, () => paced(floor.url));
      const { result: designEven, cpu: designCpu } = await cpuPerCall(designFloor.pids, () =>
        paced(designFloor.url),
      );
      runs.push({ bursts, even, floorBursts, floorEven, designBursts, designEven, cpu, floorCpu, designCpu });
      if (rounds > 1) {
        console.log(
          `[bench] prompt round ${index + 1}: p99 bursts ${bursts.p99Ms} / floor ${floorBursts.p99Ms} / design ` +
            `floor ${designBursts.p99Ms} ms, evenly spaced ${even.p99Ms} / floor ${floorEven.p99Ms} / design floor ` +
            `${designEven.p99Ms} ms`,
        );
      }
    }
  } finally {
    await Promise.all([floor.stop(), designFloor.stop()]);
  }
  const { bursts, even, floorBursts, floorEven, designBursts, designEven, cpu, floorCpu, designCpu } =
    medianRound(runs);
  const cpuText = (cpu: number[]) =>
    `gateway ${cpu[0]}, service ${cpu[1]}, credits ${cpu[2]}, postgres ${cpu[3]}, nats ${cpu[4]} (${round(cpu.reduce((a, b) => a + b, 0))})`;
  console.log(
    `[bench] prompt CPU ms per call: ${cpuText(cpu)}; floor ${cpuText(floorCpu)}; design floor ${cpuText(designCpu)}`,
  );
  // One more evenly spaced run of ours with the event-loop delay of its processes read around it (a probe starts with
  // a full collection, so the runs above are not probed): a tail the loops do not show is waiting (locks, round
  // trips), one they do is work or collection in a process.
  const loopDelays = () => Promise.all(ourPids.map((pid) => probeProcess(pid, probeDir)));
  await loopDelays();
  const probed = await paced(apiUrl);
  const [gatewayLoop, promptLoop, creditsLoop] = (await loopDelays()).map((probe) => probe.eventLoopDelay);
  const capacity = await load({
    label: 'unpaced, 32 connections (capacity)',
    url,
    method: 'POST',
    headers,
    tokens,
    body: ENHANCE_BODY,
    durationSeconds: CAPACITY_SECONDS,
  });
  const capacityRatio = ratio(capacity.requestsPerSecond, rawRps);
  const p99Target = (run: PacedP99) => run.errors === 0 && run.non2xx === 0 && run.p99Ms <= 25;
  const floorNote = (floorRun: PacedP99, designRun: PacedP99) =>
    `<= 25; the floor reaches ${floorRun.p99Ms}, the design floor ${designRun.p99Ms}`;
  return {
    name: 'prompt',
    runs: [
      { label: `${PROMPT_RATE} req/s, autocannon (bursts)`, requestsPerSecond: bursts.rps, ...pick(bursts) },
      {
        label: `floor, ${PROMPT_RATE} req/s, bursts`,
        requestsPerSecond: floorBursts.rps,
        ...pick(floorBursts),
      },
      {
        label: `design floor, ${PROMPT_RATE} req/s, bursts`,
        requestsPerSecond: designBursts.rps,
        ...pick(designBursts),
      },
      { label: `${PROMPT_RATE} req/s, evenly spaced`, requestsPerSecond: even.rps, ...pick(even) },
      {
        label: `floor, ${PROMPT_RATE} req/s, evenly spaced`,
        requestsPerSecond: floorEven.rps,
        ...pick(floorEven),
      },
      {
        label: `design floor, ${PROMPT_RATE} req/s, evenly spaced`,
        requestsPerSecond: designEven.rps,
        ...pick(designEven),
      },
      capacity,
    ],
    figures: {
      // BENCH_ONLY=prompt measures no raw reference: no capacity ratio then.
      ...(rawRps > 0 ? { rawReferenceRps: rawRps, 'capacity/raw': capacityRatio } : {}),
      rounds,
      evenP90Ms: even.p90Ms,
      evenMaxMs: even.maxMs,
      floorBurstsP99Ms: floorBursts.p99Ms,
      floorEvenP99Ms: floorEven.p99Ms,
      'bursts p99/floor': ratio(bursts.p99Ms, floorBursts.p99Ms),
      'even p99/floor': ratio(even.p99Ms, floorEven.p99Ms),
      designFloorBurstsP99Ms: designBursts.p99Ms,
      designFloorEvenP99Ms: designEven.p99Ms,
      'bursts p99/design floor': ratio(bursts.p99Ms, designBursts.p99Ms),
      'even p99/design floor': ratio(even.p99Ms, designEven.p99Ms),
      capacityRps: capacity.requestsPerSecond,
      probedEvenP99Ms: probed.p99Ms,
      ...Object.fromEntries(
        ['gateway', 'service', 'credits', 'postgres', 'nats'].flatMap((name, i) => [
          [`CPU ms per call, ${name}`, cpu[i]!],
          [`floor CPU ms per call, ${name}`, floorCpu[i]!],
          [`design floor CPU ms per call, ${name}`, designCpu[i]!],
        ]),
      ),
      'event-loop delay p99 gateway (ms)': gatewayLoop!.p99Ms,
      'event-loop delay p99 prompt (ms)': promptLoop!.p99Ms,
      'event-loop delay p99 credits (ms)': creditsLoop!.p99Ms,
      'event-loop delay max gateway (ms)': gatewayLoop!.maxMs,
      'event-loop delay max prompt (ms)': promptLoop!.maxMs,
      'event-loop delay max credits (ms)': creditsLoop!.maxMs,
    },
    targets: [
      {
        what: `p99 at ${PROMPT_RATE} req/s, autocannon bursts (ms)`,
        value: bursts.p99Ms,
        target: floorNote(floorBursts, designBursts),
        met: p99Target(bursts),
      },
      {
        what: `p99 at ${PROMPT_RATE} req/s, evenly spaced (ms)`,
        value: even.p99Ms,
        target: floorNote(floorEven, designEven),
        met: p99Target(even),
      },
      {
        what: 'sustained rate, evenly spaced (req/s)',
        value: even.rps,
        target: `>= ${PROMPT_RATE * 0.95}`,
        met: even.rps >= PROMPT_RATE * 0.95,
      },
    ],
  };
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

type PacedP99 = Pick<PromptBenchResult, 'rps' | 'p50Ms' | 'p99Ms' | 'errors' | 'non2xx'>;

/** The round whose prompt bursts p99 is the median: its four runs stay together, so their ratios compare. */
function medianRound<T extends { bursts: PacedP99 }>(rounds: T[]): T {
  const sorted = [...rounds].sort((a, b) => a.bursts.p99Ms - b.bursts.p99Ms);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function pick(run: { p50Ms: number; p99Ms: number; errors: number; non2xx: number }) {
  return { p50Ms: run.p50Ms, p99Ms: run.p99Ms, errors: run.errors, non2xx: run.non2xx };
}

/**
 * 200 Chat Reasoning replies streamed at once through the gateway by the real chat service, each from the bench's
 * slow fake provider: the memory one open reply costs the gateway and the chat service.
 */
async function benchChatServiceSection(system: RunningSystem, providerUrl: string): Promise<Section> {
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const token = await signUpMember(apiUrl);
  await setCredits(
    { adminUrl: system.databaseUrl, namespace: system.namespace },
    userIdOf(token),
    chatServiceStreamsCredits(),
  );
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
      {
        what: `gateway live memory per open chat reply, ${result.streams} replies (KB)`,
        value: result.gatewayLiveKbPerStream,
        target: '<= 60',
        met: result.gatewayLiveKbPerStream <= 60,
      },
      {
        what: `chat service live memory per open reply, ${result.streams} replies (KB)`,
        value: result.chatLiveKbPerStream,
        target: '<= 32',
        // No growth at all means the replies were not all open when read (or the baseline held memory that went
        // since): a failed measurement, never a met target.
        met: result.chatLiveKbPerStream > 0 && result.chatLiveKbPerStream <= 32,
        missNote:
          result.chatLiveKbPerStream <= 0
            ? 'no growth with the replies open: the reading failed; run BENCH_ONLY=chat-service again'
            : floorsText,
      },
    ],
  };
}

/**
 * Stream scale (stream-scale-bench.ts): 100 to 1,000 Chat Reasoning replies open at once through the gateway and one
 * chat replica, each from the slow fake provider: what the gateway adds to the first byte, memory per open reply in
 * both processes, their event-loop delay, and the first step where the added p99 exceeds 10 ms.
 */
async function benchStreamScaleSection(
  system: RunningSystem,
  options: { steps?: readonly number[]; samples?: number } = {},
): Promise<Section> {
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const chatUrl = system.urls.chat?.replace('//localhost:', '//127.0.0.1:');
  const gatewayPid = system.pids.gateway;
  const chatPid = system.pids.chat;
  if (!chatUrl || !gatewayPid || !chatPid) throw new Error('the system runs no chat service or gateway');
  const token = await signUpMember(apiUrl, 'stream-scale');
  await setCredits(
    { adminUrl: system.databaseUrl, namespace: system.namespace },
    userIdOf(token),
    streamScaleCredits(options.steps, options.samples),
  );
  const result = await benchStreamScale({
    apiUrl,
    chatUrl,
    token,
    gatewayPid,
    chatPid,
    probeDir,
    ...options,
  });
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
      {
        what: `gateway live memory per open chat reply, ${last.concurrent} open (KB)`,
        value: last.gatewayLiveKbPerStream,
        target: '<= 60',
        met: last.gatewayLiveKbPerStream <= 60,
      },
      {
        what: `chat service live memory per open reply, ${last.concurrent} open (KB)`,
        value: last.chatLiveKbPerStream,
        target: '<= 32',
        met: last.chatLiveKbPerStream <= 32,
      },
      {
        what: `no reply failed`,
        value: result.steps.reduce((sum, step) => sum + step.failed, 0),
        target: '= 0',
        met: result.steps.every((step) => step.failed === 0),
      },
    ],
  };
}

/**
 * Offline text to speech in the real voice service (no provider key: eSpeak NG in WebAssembly, MP3 with lamejs):
 * seconds of speech per CPU second for a 2000-character text, and the service's peak memory with 4 at once.
 */
async function benchVoiceSection(system: RunningSystem): Promise<Section> {
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const voicePid = system.pids.voice;
  if (!voicePid) throw new Error('the system runs no voice service');
  const tokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    const token = await signUpMember(apiUrl, `voice-${i}`);
    await setCredits(
      { adminUrl: system.databaseUrl, namespace: system.namespace },
      userIdOf(token),
      voiceBenchCredits(),
    );
    tokens.push(token);
  }
  const result = await benchVoice({ apiUrl, tokens, voicePid });
  return {
    name: 'voice (offline text to speech)',
    runs: [],
    figures: { ...result },
    targets: [
      {
        what: `speech seconds per CPU second, ${result.textChars} characters`,
        value: result.speechSecondsPerCpuSecond,
        target: '>= 10',
        met: result.speechSecondsPerCpuSecond >= 10,
      },
      {
        what: `voice service peak resident memory, ${result.concurrent} at once (MB)`,
        value: result.peakRssMb,
        target: '<= 768 (half the pod limit)',
        met: result.peakRssMb <= 768,
      },
    ],
  };
}

/** The shell's initial JavaScript (gzip) and the landing page's LCP in Chromium, served by the real gateway. */
async function benchShellSection(system: RunningSystem): Promise<Section> {
  const result = await benchShell(system.baseUrl);
  const kb = Math.round((result.initialJsGzipBytes / 1024) * 10) / 10;
  return {
    name: 'shell',
    runs: [],
    figures: {
      initialJsGzipKb: kb,
      initialJsKb: Math.round(result.initialJsBytes / 1024),
      scripts: result.scripts.length,
      lcpMs: result.lcpMs,
      lcpRunsMs: result.lcpRunsMs.join(' '),
    },
    targets: [
      { what: 'initial JS, gzip (KB)', value: kb, target: '<= 170', met: kb <= 170 },
      { what: 'landing LCP, median (ms)', value: result.lcpMs, target: '<= 1000', met: result.lcpMs <= 1000 },
    ],
  };
}

/** The text-to-image gallery page with 8 images in Chromium: its LCP and the bytes before 8 thumbnails show. */
async function benchGallerySection(system: RunningSystem): Promise<Section> {
  const result = await benchGallery(system);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    name: 'text-to-image gallery',
    runs: [],
    figures: {
      lcpMs: result.lcpMs,
      lcpRunsMs: result.lcpRunsMs.join(' '),
      lcpIsThumbnail: String(result.lcpIsThumbnail),
      lcpElement: result.lcpElement,
      kbBeforeThumbnails: kb(result.bytesBeforeThumbnails),
      kbRuns: result.bytesRuns.map(kb).join(' '),
      kbByKind: Object.entries(result.bytesByKind)
        .map(([kind, bytes]) => `${kind} ${kb(bytes)}`)
        .join(', '),
      thumbnailsKb: kb(result.thumbnailBytes),
      thumbnailsShownMs: result.thumbnailsShownMs,
      originalsBeforeThumbnails: result.originalsBeforeThumbnails,
      scrolledForThumbnails: String(result.scrolled),
    },
    targets: [
      { what: 'gallery LCP, median (ms)', value: result.lcpMs, target: '<= 1000', met: result.lcpMs <= 1000 },
      {
        what: 'full-size images loaded before the thumbnails showed',
        value: result.originalsBeforeThumbnails,
        target: '= 0',
        met: result.originalsBeforeThumbnails === 0,
      },
    ],
  };
}

/**
 * A 10 MB photo through local color correction: through the gateway against straight to the image service, and the
 * peak memory of both with 4 such uploads at once (target: at most 4× the payload per upload in flight).
 */
async function benchEffectsSection(system: RunningSystem): Promise<Section> {
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const result = await benchEffects(system, await signUpMember(apiUrl));
  return {
    name: 'photo effects (10 MB upload, local color correction)',
    runs: [],
    figures: { ...result },
    targets: [
      {
        what: `gateway peak memory per upload in flight, ${result.concurrent} at once (× payload)`,
        value: result.gatewayPerUploadXPayload,
        target: '<= 4',
        met: result.gatewayPerUploadXPayload <= 4,
      },
      {
        what: `image service peak memory per upload in flight, ${result.concurrent} at once (× payload)`,
        value: result.imagePerUploadXPayload,
        target: '<= 4',
        met: result.imagePerUploadXPayload <= 4,
      },
    ],
  };
}

/**
 * Peak memory per upload in flight for every service that takes files: 4 refused uploads of the largest file at once,
 * straight to the service; target: no more than the body budget's estimate of one upload (docs/limits.md).
 */
async function benchUploadMemorySection(system: RunningSystem): Promise<Section> {
  const apiUrl = system.baseUrl.replace('//localhost:', '//127.0.0.1:');
  const results = await benchUploadMemory(system, await signUpMember(apiUrl, 'uploads'));
  return {
    name: 'upload memory (refused uploads of the largest file, straight to each service)',
    runs: [],
    figures: Object.fromEntries(
      results.map((result) => [
        result.service,
        `${result.read} of ${result.concurrent} read, ${result.bodyMb} MB bodies, RSS ${result.startRssMb} → ${result.peakRssMb} MB`,
      ]),
    ),
    targets: results.map((result) => ({
      what: `${result.service} peak memory per upload in flight, ${result.concurrent} at once (MB per upload)`,
      value: result.mbPerUpload,
      target: `<= ${result.budgetMbPerUpload}`,
      met: result.mbPerUpload <= result.budgetMbPerUpload,
    })),
  };
}

/**
 * Traces' cost per charged call (tracing-bench.ts): CPU ms of the gateway, prompt and credits per call with traces
 * off, on (every call) and sampled at 10 %, and the ratios to off from the same run.
 */
async function benchTracingSection(infra: ResolvedInfra): Promise<Section> {
  const { cpuMsPerCall, spansPerCall, failed } = await benchTracing({
    databaseUrl: infra.databaseUrl!,
    natsUrl: infra.natsUrl!,
  });
  const off = cpuMsPerCall.off;
  const sampledRatio = ratio(cpuMsPerCall['sampled 10 %'], off);
  return {
    name: 'traces',
    runs: [],
    figures: {
      'cpu ms/call, off': off,
      'cpu ms/call, on (100 %)': cpuMsPerCall['on (100 %)'],
      'cpu ms/call, sampled 10 %': cpuMsPerCall['sampled 10 %'],
      'on/off': ratio(cpuMsPerCall['on (100 %)'], off),
      'sampled 10 %/off': sampledRatio,
      'spans/call, on': spansPerCall['on (100 %)'],
      'spans/call, sampled 10 %': spansPerCall['sampled 10 %'],
      'failed calls': failed,
    },
    targets: [
      { what: 'traced calls answered (failed calls)', value: failed, target: '0', met: failed === 0 },
    ],
  };
}

async function benchCreditsSection(infra: ResolvedInfra): Promise<Section> {
  const result = await benchCredits({ databaseUrl: infra.databaseUrl, natsUrl: infra.natsUrl });
  return {
    name: 'credits',
    runs: [],
    figures: { ...result },
    targets: [
      {
        what: 'reserve+commit / raw UPDATE',
        value: result.ratio,
        // A miss says what the cycle's raw I/O reaches (credits-floor.ts): whether the target fits this design.
        target:
          result.ratio >= 0.35
            ? '>= 0.35'
            : `>= 0.35; the floor (raw request/reply + JetStream round trip, same SQL) reaches ${result.floorRatio}, ` +
              `the cycle is ${result.cycleOverFloor} of it`,
        met: result.ratio >= 0.35,
      },
      {
        what: 'reserve+commit cycles/s',
        value: result.cyclesPerSecond,
        target: '>= 1500',
        met: result.cyclesPerSecond >= 1500,
      },
    ],
  };
}

// First: stop what a killed bench left running, record this run's children, stop them on Ctrl+C or SIGTERM.
await startBenchRun();

// Where probed server processes write their memory (chat sections; see servers/memory-probe.mjs).
const probeDir = await mkdtemp(path.join(tmpdir(), 'act-bench-memory-'));

// The same PostgreSQL and NATS the tests use: env URLs when they answer, the embedded defaults otherwise.
const infra = await resolveInfra({
  dataDir: fileURLToPath(new URL('../.data/bench-infra/', import.meta.url)),
  need: { postgres: true, nats: true },
  postgresDurability: 'relaxed',
});

/** 1, 5 and 15 minute load averages, as `uptime` prints them. */
function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

// BENCH_ONLY runs one section alone: `gateway` (the hellos, no system), `prompt` (with its floor) on a system of the
// gateway, identity, credits and prompt, or `stream-scale` or `chat-service` (the chat service streams and their
// floor) on a system of the gateway, identity, credits and chat; stream-scale at the steps of BENCH_STREAM_STEPS (for
// instance `20,50` to try it on a busy machine). A partial run is recorded in the history but never compared against.
const ONLY_SECTIONS = ['gateway', 'prompt', 'stream-scale', 'chat-service', 'traces'];
const only = process.env.BENCH_ONLY;
if (only && !ONLY_SECTIONS.includes(only)) {
  throw new Error(`BENCH_ONLY knows ${ONLY_SECTIONS.join(', ')}, not ${only}`);
}
const streamSteps = process.env.BENCH_STREAM_STEPS?.split(',').map(Number);
const streamSamples = process.env.BENCH_STREAM_SAMPLES ? Number(process.env.BENCH_STREAM_SAMPLES) : undefined;

const loadBefore = loadAverage();
console.log(`load average: ${loadBefore}`);
const results: Section[] = [];
const gateway = only && only !== 'gateway' ? undefined : await runSection('gateway', () => benchGateway());
if (gateway) results.push(gateway);
if (!only) {
  results.push(await runSection('chat stream', () => benchChatStreamSection()));
  results.push(await runSection('credits', () => benchCreditsSection(infra)));
}
if (!only || only === 'traces') results.push(await runSection('traces', () => benchTracingSection(infra)));
/** Every section that needs the whole system (or, for stream-scale alone, the chat part of it). */
async function runSystemSections(): Promise<void> {
  if (!only) buildFrontEnds();
  // Chat answers stream from a local fake: 40 chunks half a second apart (20 s), so every reply of the chat section is
  // still open when its memory is read.
  const chatProvider = await startFakeOpenAi();
  const CHAT_ANSWER = { kind: 'stream', chunks: Array<string>(40).fill('word '), chunkDelayMs: 500 } as const;
  chatProvider.setFallback(CHAT_ANSWER);
  const system = await launchSystem({
    dataDir: fileURLToPath(new URL('../.data/bench-system/', import.meta.url)),
    namespace: 'bench',
    // The services and gateway as their images run them: compiled, not under tsx.
    built: true,
    ...(only ? { services: ['identity', 'credits', only === 'prompt' ? 'prompt' : 'chat'] } : {}),
    // The bench's PostgreSQL and NATS; the local prompt provider whatever keys the environment holds; chat's fake.
    env: {
      DATABASE_URL: infra.databaseUrl,
      NATS_URL: infra.natsUrl,
      PROMPT_PROVIDER: 'local',
      OPENAI_BASE_URL: chatProvider.baseUrl,
      OPENAI_API_KEY: 'bench-fake-provider-key',
      // The photo-effects section measures the upload path with the local color correction, not the fal fake.
      IMAGE_LOCAL_EFFECTS: 'color-correction',
      // The chat section reads the gateway's and chat's live memory.
      ...memoryProbeEnv(probeDir),
    },
  }).catch(async (error: unknown) => {
    await chatProvider.close();
    await infra.stop();
    throw error;
  });
  recordBenchPids('system', system.pids);
  try {
    if (!only) {
      // The shell first: the prompt runs leave usage events for credits to apply, which would slow the page loads.
      results.push(await runSection('shell', () => benchShellSection(system)));
      results.push(await runSection('text-to-image gallery', () => benchGallerySection(system)));
      // Chat's memory per open reply before the upload section sends chat its 10 MB attachments: after them, chat
      // releases megabytes of their code and buffers during the measured window, and the reading fails (no growth),
      // as it did in the two full runs of 2026-11-27; BENCH_ONLY=chat-service measures a chat as fresh.
      results.push(
        await runSection('chat service streams', () => benchChatServiceSection(system, chatProvider.baseUrl)),
      );
      results.push(
        await runSection('photo effects (10 MB upload, local color correction)', () =>
          benchEffectsSection(system),
        ),
      );
      results.push(
        await runSection(
          'upload memory (refused uploads of the largest file, straight to each service)',
          () => benchUploadMemorySection(system),
        ),
      );
      const rawRps = gateway!.runs[0]?.requestsPerSecond ?? 0;
      results.push(await runSection('prompt', () => benchPromptSection(system, rawRps)));
      results.push(await runSection('voice (offline text to speech)', () => benchVoiceSection(system)));
    }
    if (only === 'prompt') {
      results.push(await runSection('prompt', () => benchPromptSection(system, 0)));
      return;
    }
    if (only === 'chat-service') {
      results.push(
        await runSection('chat service streams', () => benchChatServiceSection(system, chatProvider.baseUrl)),
      );
      return;
    }
    // Replies of a minute (120 chunks half a second apart): a step's replies all stay open while it is measured.
    chatProvider.setFallback({ ...CHAT_ANSWER, chunks: Array<string>(120).fill('word ') });
    results.push(
      await runSection('stream scale', () =>
        benchStreamScaleSection(system, {
          ...(streamSteps ? { steps: streamSteps } : {}),
          ...(streamSamples ? { samples: streamSamples } : {}),
        }),
      ),
    );
  } finally {
    await system.stop();
    await chatProvider.close();
    await infra.stop();
    const diagnosis = ['MEMORY_PROBE_HEAPSNAPSHOT', 'MEMORY_PROBE_CPU_PROFILE'].some(
      (name) => process.env[name] === '1',
    );
    if (diagnosis) console.log(`heap snapshots and CPU profiles kept in ${probeDir}`);
    else await rm(probeDir, { recursive: true, force: true });
  }
}
if (only !== 'gateway' && only !== 'traces') {
  // A system that cannot start skips its sections; the run still ends with its table and history.
  await runSystemSections().catch((error: unknown) => results.push(skippedSection('whole system', error)));
} else {
  await infra.stop();
  await rm(probeDir, { recursive: true, force: true });
}

const loadAfter = loadAverage();
console.log(`\nload average: before ${loadBefore}; after ${loadAfter}`);
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
const at = new Date().toISOString();
const file = new URL(`./results/bench-${at.replace(/[:.]/g, '-')}.json`, import.meta.url);
await writeFile(
  file,
  JSON.stringify({ at, loadAverage: { before: loadBefore, after: loadAfter }, results }, null, 2),
);
console.log(`\nwrote ${file.pathname}`);
const history = await appendHistory({
  at,
  partial: only ? [only] : undefined,
  loadAverage: { before: loadBefore, after: loadAfter },
  results,
});
console.log(`appended to ${history.file}${history.changes.length ? '; against the last full run:' : ''}`);
for (const change of history.changes) console.log(`  ${change}`);
console.log(targetTable(results));
await stopBenchChildren();
