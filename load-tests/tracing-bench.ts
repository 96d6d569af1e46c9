// What traces cost per call (docs/operations.md#traces): one charged Magic Enhance through the gateway, the prompt
// service (local provider) and credits, in three stacks side by side, compiled as the images run them and differing
// only in their OTEL_* variables: off (unset), on (every call sampled) and parentbased_traceidratio at 0.1. Each
// exports to a local OTLP/HTTP collector (JSON, the costlier encoding) that only counts. The same evenly spaced load
// goes to each stack in turn, over BENCH_TRACES_ROUNDS rounds (default 2): the CPU ms the three processes spent per
// call, as the median of the rounds, and its ratio to off's from the same run.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { databaseUrl } from '@act/dev-infra';
import {
  processCpuMs,
  startChildService,
  startFakeOtlpCollector,
  startTestJwks,
  type ChildService,
  type TestJwks,
} from '@act/service-kit/testing';
import { setCredits, userIdOf } from '../e2e/support/credits-db';
import { BUILT_DIR, buildWorkspaces } from '../e2e/support/system';
import { median, round } from './bench-kit';
import { pacedLoad } from './paced-load';
import { PATH } from './prompt-bench';

const MODES = {
  off: {},
  'on (100 %)': { OTEL_TRACES_SAMPLER: 'parentbased_always_on' },
  'sampled 10 %': { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
} as const;
type Mode = keyof typeof MODES;

const RATE = 100;
const MEMBERS = 20;
const BODY = JSON.stringify({ text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' });

interface Stack {
  mode: Mode;
  processes: ChildService[];
  gateway: ChildService;
  namespace: string;
}

export interface TracingBenchResult {
  /** CPU ms per call of the gateway, prompt and credits together, per mode (median of the rounds). */
  cpuMsPerCall: Record<Mode, number>;
  /** Spans the collector received per call, per mode (the sampling at work; none with traces off). */
  spansPerCall: Record<Mode, number>;
  /** Calls answered other than 2xx or failed, all modes and rounds together (0 expected). */
  failed: number;
}

async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return databaseUrl(adminUrl, name);
}

async function startStack(
  mode: Mode,
  infra: { databaseUrl: string; natsUrl: string },
  jwks: TestJwks,
  collectorUrl: string,
): Promise<Stack> {
  const namespace = `bench_traces_${Object.keys(MODES).indexOf(mode)}_${process.pid}`;
  const credentials = { NATS_URL: infra.natsUrl, NATS_NAMESPACE: namespace, JWKS_URL: jwks.url };
  const traces: Record<string, string> =
    mode === 'off'
      ? {}
      : {
          OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          ...MODES[mode],
        };
  const common = { ...credentials, ...traces, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const entry = { entry: `${BUILT_DIR}/main.js` };
  const processes: ChildService[] = [];
  const start = async (workspace: string, env: Record<string, string>) => {
    const child = await startChildService(workspace, { ...common, ...env }, entry);
    processes.push(child);
    return child;
  };
  try {
    const creditsDb = await createDatabase(infra.databaseUrl, `${namespace}_credits`);
    const credits = await start('services/credits', { DATABASE_URL: creditsDb });
    // The prompt service stores each member's result with its charge (issue 37): it has a database of its own.
    const promptDb = await createDatabase(infra.databaseUrl, `${namespace}_prompt`);
    const prompt = await start('services/prompt', { DATABASE_URL: promptDb, PROMPT_PROVIDER: 'local' });
    const gateway = await start('gateway', {
      RATE_LIMIT_PER_MINUTE: '100000000',
      CREDITS_URL: credits.url,
      CREDITS_OPS_URL: credits.opsUrl,
      PROMPT_URL: prompt.url,
      PROMPT_OPS_URL: prompt.opsUrl,
    });
    return { mode, processes, gateway, namespace };
  } catch (error) {
    for (const child of processes) await child.stop();
    throw error;
  }
}

/** Opens each member's account (one call each) and gives it enough credits for every round. */
async function fundMembers(stack: Stack, adminUrl: string, tokens: readonly string[], credits: number) {
  for (const token of tokens) {
    const reply = await fetch(`${stack.gateway.url}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: BODY,
    });
    if (!reply.ok)
      throw new Error(`${stack.mode}: the first call answered ${reply.status}: ${await reply.text()}`);
    await setCredits({ adminUrl, namespace: stack.namespace }, userIdOf(token), credits);
  }
}

const cpuOf = async (stack: Stack) =>
  (await Promise.all(stack.processes.map((child) => processCpuMs(child.pid)))).reduce((a, b) => a + b, 0);

export async function benchTracing(infra: {
  databaseUrl: string;
  natsUrl: string;
}): Promise<TracingBenchResult> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const rounds = Number(process.env.BENCH_TRACES_ROUNDS ?? 2);
  const calls = RATE * seconds;
  await buildWorkspaces(['gateway', 'services/prompt', 'services/credits']);
  const collector = await startFakeOtlpCollector();
  const jwks = await startTestJwks();
  const tokens = await Promise.all(Array.from({ length: MEMBERS }, () => jwks.tokenFor(randomUUID())));
  const stacks: Stack[] = [];
  try {
    for (const mode of Object.keys(MODES) as Mode[])
      stacks.push(await startStack(mode, infra, jwks, collector.url));
    const perMember = Math.ceil(((rounds + 1) * calls * 1.2) / MEMBERS);
    for (const stack of stacks) await fundMembers(stack, infra.databaseUrl, tokens, perMember);
    const cpu = new Map<Mode, number[]>();
    const spans = new Map<Mode, number[]>();
    let failed = 0;
    const run = (stack: Stack, durationSeconds: number) =>
      pacedLoad({
        url: `${stack.gateway.url}${PATH}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        tokens,
        body: BODY,
        rate: RATE,
        durationSeconds,
      });
    // Warm-up: JIT, pools and caches of every stack, unmeasured.
    for (const stack of stacks) await run(stack, 3);
    for (let index = 0; index < rounds; index++) {
      for (const stack of stacks) {
        const spansBefore = collector.spans.length;
        const before = await cpuOf(stack);
        const result = await run(stack, seconds);
        // Read once the batch span processor (every 5 s by default) has sent the run's last spans: their export is
        // part of the cost. The idle stack spends next to nothing meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        const after = await cpuOf(stack);
        failed += result.errors + result.non2xx;
        cpu.set(stack.mode, [...(cpu.get(stack.mode) ?? []), (after - before) / calls]);
        spans.set(stack.mode, [
          ...(spans.get(stack.mode) ?? []),
          (collector.spans.length - spansBefore) / calls,
        ]);
        // The collector keeps no more than it needs to count.
        collector.spans.length = 0;
      }
    }
    const perMode = (values: Map<Mode, number[]>) =>
      Object.fromEntries(
        (Object.keys(MODES) as Mode[]).map((mode) => [mode, round(median(values.get(mode)!))]),
      ) as Record<Mode, number>;
    return { cpuMsPerCall: perMode(cpu), spansPerCall: perMode(spans), failed };
  } finally {
    for (const stack of stacks) for (const child of stack.processes.reverse()) await child.stop();
    await jwks.close();
    await collector.close();
  }
}
