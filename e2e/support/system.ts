// Starts the whole product for browser tests: builds the shell and remotes when stale (scripts/build.mjs), resolves
// PostgreSQL, NATS and S3 (env URLs or the embedded defaults, as `npm start` does), then every service present in
// services/*/src/main.ts and the gateway on a free port; chat and youtube get a local fake provider that streams,
// and youtube a local fake YouTube (the service's recorded responses: YOUTUBE_BASE_URL, YOUTUBE_THUMBNAIL_BASE_URL);
// the browser tests also let the web chat read the pages they serve on 127.0.0.1 (allowLoopbackPages); credits takes
// Paddle webhooks signed with E2E_PADDLE's secret and sells credit packs at its price ids; voice runs
// without a provider key (local speech and isolation); image gets a local fake of fal's queue (FAL_BASE_URL, any
// FAL_KEY) unless the caller names its own fal or turns the key off with `env: { FAL_KEY: '' }`.
// Databases and NATS subjects are namespaced `e2e` so a run never touches the data of `npm start` on the same servers.
// The services run under tsx (no build step) unless `built` asks for the production bundles (the bench).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_SERVICES, natsPermissions } from '@act/contracts/server';
import {
  buildSystemEnv,
  createDatabases,
  dropDatabases,
  findFreePort,
  natsUsersFor,
  presentServices,
  resolveInfra,
  startChild,
  startServices,
  stopChild,
  waitUntilBoundAndReady,
} from '@act/dev-infra';
import type { ChildSpec, StartedChild, SystemEnvOptions } from '@act/dev-infra';
import { startFakeSearch } from '@act/chat/testing';
import { startFakeFal } from '@act/image/testing';
import { startFakeOpenAiStt } from '@act/voice/testing';
import { startFakeYoutube } from '@act/youtube/testing';
import { FAKE_PROVIDER_KEY, startStreamingProvider } from './fake-provider';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Paddle as the browser tests see it: credits verifies webhooks with this secret (the tests sign theirs with it, as
 * Paddle would) and sells the 100-credit pack at this price id; Paddle.js itself is a stand-in the test serves.
 */
export const E2E_PADDLE = {
  webhookSecret: 'pdl_ntfset_e2e_secret',
  clientToken: 'test_e2e_client_token',
  packPriceIds: { 'pack-100': 'pri_e2e_pack_100', 'pack-500': 'pri_e2e_pack_500' },
} as const;

export interface LaunchOptions {
  /** 0 picks a free port. */
  gatewayPort?: number;
  /** Parent folder of the embedded servers' data and the identity keys. */
  dataDir?: string;
  /** Prefix of each service's database name and of the NATS namespace. */
  namespace?: string;
  /** Print the children's output (they are quiet otherwise; the last lines are shown when one fails). */
  verbose?: boolean;
  /** Extra environment for every service; its DATABASE_URL and NATS_URL, when they answer, are used as the infra. */
  env?: NodeJS.ProcessEnv;
  /**
   * Let the web chat read pages on loopback addresses (WEB_FETCH_ALLOW_LOOPBACK): the browser tests serve their page
   * from 127.0.0.1. Off unless asked for, as in production.
   */
  allowLoopbackPages?: boolean;
  /** How long each service may take to answer its readiness probe (120 s by default). */
  readyTimeoutMs?: number;
  /** Only these services (and the gateway); every present one by default. The stream-scale bench runs chat's. */
  services?: readonly string[];
  /**
   * Run the services and the gateway as their images do: each workspace compiled by its `npm run build`
   * (scripts/build-service.mjs) into `<workspace>/.bench-dist/`, then `node --enable-source-maps .bench-dist/main.js`
   * from the workspace. The bench measures that (tsx's keepNames wrappers cost memory and CPU production does not
   * pay); the browser tests keep tsx, with no build step.
   */
  built?: boolean;
}

export interface RunningSystem {
  baseUrl: string;
  /** Admin URL of the PostgreSQL server; each service's database is `<namespace>_<service>` on it. */
  databaseUrl: string;
  namespace: string;
  /** Process id of each child by name (the services and `gateway`): the benchmark reads their memory. */
  pids: Readonly<Record<string, number>>;
  /** Each service's own URL, bypassing the gateway: the benchmark compares a call through the gateway with it. */
  urls: Readonly<Record<string, string>>;
  /**
   * The last lines each child printed, by name, kept as it prints them: at the system's log level (warn unless
   * LOG_LEVEL says otherwise) its warnings and errors, which the benchmark prints when a section fails.
   */
  tails: Readonly<Record<string, readonly string[]>>;
  stop(): Promise<void>;
}

/** Runs `npm run build`, which only rebuilds the shell and remotes whose sources changed. */
export function buildFrontEnds(): void {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('Building the shell and remotes failed');
}

/** The git-ignored folder, inside each workspace, of the bundles `built` runs. */
export const BUILT_DIR = '.bench-dist';

/**
 * Builds each workspace (its own `npm run build`: the voice service has a second entry, its worker) at once, into
 * BUILT_DIR (the bench's tracing section runs its own processes from there).
 */
export async function buildWorkspaces(workspaces: readonly string[]): Promise<void> {
  await Promise.all(
    workspaces.map(
      (workspace) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(
            'npm',
            ['run', 'build', '--silent', '-w', workspace, '--', '--outdir', BUILT_DIR],
            {
              cwd: repoRoot,
              stdio: ['ignore', 'pipe', 'pipe'],
            },
          );
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.once('error', reject);
          child.once('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`building ${workspace} failed:\n${output}`)),
          );
        }),
    ),
  );
}

export async function launchSystem(options: LaunchOptions = {}): Promise<RunningSystem> {
  const dataDir = options.dataDir ?? path.join(repoRoot, '.data', 'e2e');
  const namespace = options.namespace ?? 'e2e';
  const log = (line: string) => console.log(`[e2e] ${line}`);
  const children: StartedChild[] = [];
  let stopping = false;

  const services = presentServices(repoRoot, GATEWAY_SERVICES).filter(
    ({ service }) => !options.services || options.services.includes(service),
  );
  const infra = await resolveInfra({
    dataDir,
    need: { postgres: true, nats: true, s3: true },
    env: { ...process.env, ...options.env },
    log,
    // An embedded NATS runs with one user per service, as `npm start` does.
    natsUsers: natsUsersFor([...services.map(({ service }) => service), 'gateway' as const], (service) =>
      natsPermissions(service, namespace),
    ),
  });
  const has = (name: string) => services.some(({ service }) => service === name);
  // Chat answers and video summaries come from a local fake provider that streams, unless the caller names a
  // provider of its own.
  const chatProvider =
    (has('chat') || has('youtube')) && !options.env?.OPENAI_BASE_URL
      ? await startStreamingProvider()
      : undefined;
  const providerEnv = chatProvider
    ? { OPENAI_BASE_URL: chatProvider.baseUrl, OPENAI_API_KEY: FAKE_PROVIDER_KEY }
    : undefined;
  // YouTube is never reachable here: the youtube service reads videos and thumbnails from the local fake.
  const fakeYoutube = has('youtube') && !options.env?.YOUTUBE_BASE_URL ? await startFakeYoutube() : undefined;
  // fal is never reachable here either: text to image renders through the local fake of fal's queue.
  const fakeFal =
    has('image') && !options.env?.FAL_BASE_URL && options.env?.FAL_KEY !== ''
      ? await startFakeFal()
      : undefined;
  // Deep Search searches a local fake SearXNG whose results are its own pages (read on loopback, as the web chat's).
  const fakeSearch =
    chatProvider && options.allowLoopbackPages && !options.env?.SEARXNG_URL
      ? await startDeepSearchFake()
      : undefined;
  // Dictation's speech to text (OpenAI-compatible) from the voice service's local fake; speech stays local (eSpeak).
  const fakeStt =
    has('voice') && !options.env?.ELEVENLABS_API_KEY && !options.env?.OPENAI_BASE_URL
      ? await startFakeOpenAiStt()
      : undefined;
  const stop = async () => {
    stopping = true;
    for (const child of [...children].reverse()) await stopChild(child.process, 'SIGTERM', 10_000);
    await chatProvider?.close();
    await fakeSearch?.close();
    await fakeYoutube?.close();
    await fakeFal?.close();
    await fakeStt?.close();
    await infra.stop();
  };

  try {
    const dbName = (service: string) => `${namespace}_${service}`;
    const databases = services.map(({ service }) => dbName(service));
    // Every run starts empty: on a shared server these names may hold another checkout's data and migrations.
    await dropDatabases(infra.databaseUrl!, databases);
    await createDatabases(infra.databaseUrl!, databases);
    const gatewayPort = options.gatewayPort || (await findFreePort());
    const identityKeysDir = path.join(dataDir, 'identity-keys');
    fs.mkdirSync(identityKeysDir, { recursive: true, mode: 0o700 });

    const ports = new Map<string, number>();
    const opsPorts = new Map<string, number>();
    for (const { service } of services) {
      ports.set(service, await findFreePort());
      opsPorts.set(service, await findFreePort());
    }
    const systemOptions: SystemEnvOptions = {
      repoRoot,
      infra,
      routes: GATEWAY_SERVICES,
      ports,
      opsPorts,
      gatewayPort,
      gatewayOpsPort: await findFreePort(),
      identityKeysDir,
      fileUrlSecret: randomBytes(32).toString('hex'),
      nodeEnv: 'test',
      namespace,
      databaseName: dbName,
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...options.env },
      serviceEnv: {
        credits: {
          PADDLE_WEBHOOK_SECRET: E2E_PADDLE.webhookSecret,
          PADDLE_CLIENT_TOKEN: E2E_PADDLE.clientToken,
          PADDLE_PRICE_PACKS: `100=${E2E_PADDLE.packPriceIds['pack-100']},500=${E2E_PADDLE.packPriceIds['pack-500']}`,
        },
        identity: {
          PUBLIC_URL: `http://localhost:${gatewayPort}`,
          // Every test signs up from 127.0.0.1; the production limits would stop the suite half-way.
          IDENTITY_RATE_LIMIT_MULTIPLIER: '1000',
        },
        ...(providerEnv || options.allowLoopbackPages
          ? {
              chat: {
                ...providerEnv,
                ...(options.allowLoopbackPages ? { WEB_FETCH_ALLOW_LOOPBACK: 'true' } : {}),
                ...(fakeSearch ? { SEARXNG_URL: fakeSearch.baseUrl } : {}),
              },
            }
          : {}),
        // Voice runs its local engines (eSpeak NG, RNNoise), never a real ElevenLabs account from the shell's
        // environment, unless the caller names one.
        ...(has('voice') && !options.env?.ELEVENLABS_API_KEY
          ? {
              voice: {
                ELEVENLABS_API_KEY: '',
                ...(fakeStt ? { OPENAI_API_KEY: fakeStt.apiKey, OPENAI_BASE_URL: fakeStt.baseUrl } : {}),
              },
            }
          : {}),
        ...(providerEnv || fakeYoutube
          ? {
              youtube: {
                ...providerEnv,
                ...(fakeYoutube
                  ? { YOUTUBE_BASE_URL: fakeYoutube.baseUrl, YOUTUBE_THUMBNAIL_BASE_URL: fakeYoutube.baseUrl }
                  : {}),
              },
            }
          : {}),
        ...(fakeFal
          ? { image: { FAL_KEY: 'fal-e2e-key', FAL_BASE_URL: fakeFal.baseUrl, FAL_POLL_INTERVAL_MS: '100' } }
          : {}),
      },
      gatewayEnv: { RATE_LIMIT_PER_MINUTE: '100000' },
    };

    if (options.built) {
      const startedAt = Date.now();
      const { services: specs, gateway } = buildSystemEnv(systemOptions);
      await buildWorkspaces([...specs, gateway].map((spec) => path.relative(repoRoot, spec.cwd)));
      log(`services and gateway built into ${BUILT_DIR}/ in ${Date.now() - startedAt} ms`);
    }
    const entry = options.built ? { entry: `${BUILT_DIR}/main.js` } : {};

    // Quiet children (unless verbose) that keep their last lines for when one fails. Each reports the ports it bound
    // (free ones when its own were taken by another run) and stops should this process die without stopping it.
    const start = (spec: ChildSpec): StartedChild => {
      const child = startChild(
        { ...spec, ...entry },
        {
          onLine: options.verbose ? (line) => console.log(`[${spec.name}] ${line}`) : undefined,
          reportPorts: true,
        },
      );
      child.process.once('exit', (code, signal) => {
        // A crash mid-suite would otherwise only show up as refused connections in the browser.
        if (!stopping)
          log(`${spec.name} exited (${signal ?? `code ${code}`}); last output:\n${child.tail.join('\n')}`);
      });
      children.push(child);
      return child;
    };

    const ready = {
      tailInError: true,
      ...(options.readyTimeoutMs ? { timeoutMs: options.readyTimeoutMs } : {}),
    };
    const system = await startServices(systemOptions, (spec) => waitUntilBoundAndReady(start(spec), ready));
    const gateway = await waitUntilBoundAndReady(start(system.gateway), ready);
    if (gateway.port !== gatewayPort)
      log(`port ${gatewayPort} was taken; the gateway listens on ${gateway.port}`);
    const baseUrl = `http://localhost:${gateway.port}`;
    log(`system ready at ${baseUrl} (${services.map((s) => s.service).join(', ')}, gateway)`);
    const pids = Object.fromEntries(
      children.flatMap((child) => (child.process.pid ? [[child.name, child.process.pid]] : [])),
    );
    const urls = Object.fromEntries(system.services.map((spec) => [spec.name, spec.url]));
    const tails = Object.fromEntries(children.map((child) => [child.name, child.tail]));
    return { baseUrl, databaseUrl: infra.databaseUrl!, namespace, pids, urls, tails, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The pages Deep Search finds in the e2e run: every query finds both, served by the fake search itself. */
export const DEEP_SEARCH_PAGES = {
  tides: {
    title: 'Why tides happen',
    text: 'Tides happen because the Moon pulls on the oceans of the Earth with its gravity.',
  },
  moon: {
    title: 'The Moon and the sea',
    text: 'The gravity of the Moon raises a bulge of water on the side of the Earth facing it.',
  },
} as const;

function deepSearchPage({ title, text }: { title: string; text: string }): string {
  const paragraphs = Array.from(
    { length: 3 },
    (_, i) => `<p>${text} Part ${i + 1} says it again in other words.</p>`,
  );
  return `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paragraphs.join('')}</article></body></html>`;
}

async function startDeepSearchFake() {
  const pages = Object.fromEntries(
    Object.entries(DEEP_SEARCH_PAGES).map(([name, page]) => [name, deepSearchPage(page)]),
  );
  const fake = await startFakeSearch(() => ({ kind: 'results', results: [] }), { pages });
  fake.answer = () => ({
    kind: 'results',
    results: Object.entries(DEEP_SEARCH_PAGES).map(([name, page]) => ({
      url: `${fake.baseUrl}/pages/${name}`,
      title: page.title,
      snippet: page.text,
    })),
  });
  return fake;
}
