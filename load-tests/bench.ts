// `npm run bench`: measures this machine's reference (a raw node:http hello) and our stack against it, as ratios,
// so results compare across machines. The gateway and credits sections start their own processes; the prompt and
// shell sections share one whole system (every service, gateway, built front-ends), started once and stopped at
// the end. Every server runs as production runs it, compiled by scripts/build-service.mjs and started with
// `node --enable-source-maps`, never under tsx (bench-kit.ts startServer; launchSystem's `built`). The load average
// is recorded next to the figures: another job on the machine skews them. The sections are *-section(s).ts.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveInfra } from '@act/dev-infra';
import { startFakeOpenAi } from '@act/service-kit/testing';
import { buildFrontEnds, launchSystem, type RunningSystem } from '../e2e/support/system';
import {
  printLastLines,
  recordBenchPids,
  runSection,
  skippedSection,
  startBenchRun,
  stopBenchChildren,
  targetTable,
  type Section,
} from './bench-run';
import { benchChatServiceSection, benchChatStreamSection, benchStreamScaleSection } from './chat-sections';
import { memoryProbeEnv } from './chat-stream-bench';
import { benchGateway } from './gateway-section';
import { appendHistory } from './history';
import { benchCreditsSection, benchTracingSection } from './infra-sections';
import { benchPromptSection } from './prompt-section';
import { benchLibrarySection, buildShellForLibrary, LIBRARY_SECTION } from './library-section';
import {
  benchEffectsSection,
  EFFECTS_SECTION,
  benchGallerySection,
  benchShellSection,
  benchUploadMemorySection,
  benchVoiceSection,
} from './system-sections';

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
// instance `20,50` to try it on a busy machine); `library` (/library in Chromium with 10,000 items) on a system of the
// gateway, identity, credits, image and library, with the shell built; `effects` (the photo effects' 10 MB uploads) on
// a system of the gateway, identity, credits and image. A partial run is recorded in the history but never compared
// against.
const ONLY_SECTIONS = ['gateway', 'prompt', 'stream-scale', 'chat-service', 'traces', 'library', 'effects'];
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
  results.push(await runSection('chat stream', () => benchChatStreamSection(probeDir)));
  results.push(await runSection('credits', () => benchCreditsSection(infra)));
}
if (!only || only === 'traces') results.push(await runSection('traces', () => benchTracingSection(infra)));
type ChatProvider = Awaited<ReturnType<typeof startFakeOpenAi>>;
// Chat answers stream from a local fake: 40 chunks half a second apart (20 s), so every reply of the chat section is
// still open when its memory is read.
const CHAT_ANSWER = { kind: 'stream', chunks: Array<string>(40).fill('word '), chunkDelayMs: 500 } as const;

/** What BENCH_ONLY's section needs besides identity and credits (chat for the stream sections). */
const ONLY_SERVICES: Record<string, string[]> = {
  prompt: ['prompt'],
  library: ['image', 'library'],
  effects: ['image'],
};

/** The whole system (or, for BENCH_ONLY, the part of it that section needs), started as its images run it. */
async function startBenchSystem(chatProvider: ChatProvider): Promise<RunningSystem> {
  return launchSystem({
    dataDir: fileURLToPath(new URL('../.data/bench-system/', import.meta.url)),
    // BENCH_NAMESPACE: two checkouts benching at once on one PostgreSQL and NATS each in their own databases and
    // subjects (every run drops and creates `<namespace>_<service>`).
    namespace: process.env.BENCH_NAMESPACE ?? 'bench',
    // The services and gateway as their images run them: compiled, not under tsx.
    built: true,
    ...(only ? { services: ['identity', 'credits', ...(ONLY_SERVICES[only] ?? ['chat'])] } : {}),
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
  });
}

/** The prompt section's options in this run (rawRps 0: no raw reference measured). */
const promptOptions = (rawRps: number) => ({ natsUrl: infra.natsUrl!, probeDir, rawRps });

/**
 * A section on the system; should it fail, the system's processes print their last lines (their warnings and errors)
 * before its SKIP line, which only has what the bench saw.
 */
const sectionOn = (system: RunningSystem, name: string, measure: () => Promise<Section>) =>
  runSection(name, measure, () => printLastLines(system.tails));

/** Every system section of a full run, in an order that keeps each from skewing the next. */
async function runFullSystemSections(system: RunningSystem, chatProvider: ChatProvider): Promise<void> {
  // Chat's memory per open reply first, on a chat as fresh as its floors, which start just before they are read: a
  // chat left idle for minutes (the shell, gallery and library sections once ran before it) reads 6 to 7 KB more per
  // open reply (docs/performance.md#chats-32-kb-on-this-design). And before the upload section sends chat its 10 MB
  // attachments: after them, chat releases megabytes of their code and buffers during the measured window, and the
  // reading fails (no growth), as it did in the two full runs of 2026-11-27.
  results.push(
    await sectionOn(system, 'chat service streams', () =>
      benchChatServiceSection(system, chatProvider.baseUrl, probeDir),
    ),
  );
  // The shell before the prompt runs, which leave usage events for credits to apply that would slow the page loads.
  results.push(await sectionOn(system, 'shell', () => benchShellSection(system)));
  results.push(await sectionOn(system, 'text-to-image gallery', () => benchGallerySection(system)));
  results.push(await sectionOn(system, LIBRARY_SECTION, () => benchLibrarySection(system)));
  results.push(await sectionOn(system, EFFECTS_SECTION, () => benchEffectsSection(system)));
  results.push(
    await sectionOn(
      system,
      'upload memory (refused uploads of the largest file, straight to each service)',
      () => benchUploadMemorySection(system),
    ),
  );
  const rawRps = gateway!.runs[0]?.requestsPerSecond ?? 0;
  results.push(await sectionOn(system, 'prompt', () => benchPromptSection(system, promptOptions(rawRps))));
  results.push(await sectionOn(system, 'voice (offline text to speech)', () => benchVoiceSection(system)));
}

/** The sections on the system: a full run's, or the one BENCH_ONLY names; stream scale last. */
async function runOnSystem(system: RunningSystem, chatProvider: ChatProvider): Promise<void> {
  if (!only) await runFullSystemSections(system, chatProvider);
  if (only === 'prompt') {
    results.push(await sectionOn(system, 'prompt', () => benchPromptSection(system, promptOptions(0))));
    return;
  }
  if (only === 'library') {
    results.push(await sectionOn(system, LIBRARY_SECTION, () => benchLibrarySection(system)));
    return;
  }
  if (only === 'effects') {
    results.push(await sectionOn(system, EFFECTS_SECTION, () => benchEffectsSection(system)));
    return;
  }
  if (only === 'chat-service') {
    results.push(
      await sectionOn(system, 'chat service streams', () =>
        benchChatServiceSection(system, chatProvider.baseUrl, probeDir),
      ),
    );
    return;
  }
  // Replies of a minute (120 chunks half a second apart): a step's replies all stay open while it is measured.
  chatProvider.setFallback({ ...CHAT_ANSWER, chunks: Array<string>(120).fill('word ') });
  results.push(
    await sectionOn(system, 'stream scale', () =>
      benchStreamScaleSection(system, probeDir, {
        ...(streamSteps ? { steps: streamSteps } : {}),
        ...(streamSamples ? { samples: streamSamples } : {}),
      }),
    ),
  );
}

/** Every section that needs the whole system (or, for stream-scale alone, the chat part of it). */
async function runSystemSections(): Promise<void> {
  if (!only) buildFrontEnds();
  if (only === 'library') buildShellForLibrary();
  const chatProvider = await startFakeOpenAi();
  chatProvider.setFallback(CHAT_ANSWER);
  const system = await startBenchSystem(chatProvider).catch(async (error: unknown) => {
    await chatProvider.close();
    await infra.stop();
    throw error;
  });
  recordBenchPids('system', system.pids);
  try {
    await runOnSystem(system, chatProvider);
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
