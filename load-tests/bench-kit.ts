// Helpers shared by every benchmark section: child-process servers and one autocannon run → a compact result.
// The servers run as production runs a service: compiled by scripts/build-service.mjs (esbuild, as the images'
// `npm run build`) and started as `node --enable-source-maps <bundle>.js`, never under tsx, whose keepNames wrappers
// cost memory and CPU for every named function made per request, which production does not pay
// (docs/performance.md).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { recordBenchChild } from './bench-run';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface RunResult {
  label: string;
  requestsPerSecond: number;
  /** Requests answered in the window (autocannon's runs; the rows other measures make have none). */
  requests?: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface BenchServer {
  port: number;
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const workspaceDir = fileURLToPath(new URL('.', import.meta.url));
/** Where the server bundles go: inside the workspace (a bundle finds its npm packages from where it sits), git-ignored. */
const BENCH_DIST = '.bench-dist';

let built = false;
/**
 * Compiles every load-tests/servers/*.ts in one build-service run, once per process (a few seconds at most): each
 * becomes .bench-dist/<name>.js with its source map.
 */
function buildBenchServers(): void {
  if (built) return;
  const entries = readdirSync(path.join(workspaceDir, 'servers'))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => `servers/${file}`);
  const build = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts', 'build-service.mjs'), ...entries, '--outdir', BENCH_DIST],
    { cwd: workspaceDir, encoding: 'utf8' },
  );
  if (build.status !== 0)
    throw new Error(`building the bench servers failed:\n${build.stdout}${build.stderr}`);
  built = true;
}

/** The bundle of a server script (`load-tests/servers/<name>.ts`). */
function bundleOf(script: string): string {
  if (path.dirname(script) !== 'load-tests/servers' || !script.endsWith('.ts'))
    throw new Error(`a bench server is a load-tests/servers/*.ts, not ${script}`);
  return path.join(workspaceDir, BENCH_DIST, `${path.basename(script, '.ts')}.js`);
}

/** Loaded before a bench server: it exits when the bench's end of its IPC channel closes. */
const EXIT_WITH_BENCH = `data:text/javascript,${encodeURIComponent("process.once('disconnect', () => process.exit(0));")}`;

/**
 * Starts the compiled `script` (a load-tests/servers/*.ts, built on first use) with env; resolves when it prints
 * `READY <port>`.
 */
export async function startServer(
  script: string,
  env: Record<string, string> = {},
  /** Extra node flags, such as `--cpu-prof` (load-tests/profile.ts). */
  nodeArgs: string[] = [],
): Promise<BenchServer> {
  buildBenchServers();
  // As the Dockerfile runs a service: stack traces (and profile.ts's names) point at the TypeScript source.
  // An IPC channel the server watches: should the bench die (even by SIGKILL), its servers exit too, never orphans.
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', `--import=${EXIT_WITH_BENCH}`, ...nodeArgs, bundleOf(script)],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  // And recorded: one that outlives a killed bench all the same (stuck, ignoring the channel) is stopped at its next start.
  recordBenchChild(script, child);
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${script} did not become ready`)), 30_000);
    lines.on('line', (line) => {
      const match = /^READY (\d+)$/.exec(line.trim());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadOptions {
  label: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  connections?: number;
  durationSeconds?: number;
  /** Fixed arrival rate (requests per second across all connections); unset = as fast as possible. */
  overallRate?: number;
  /** Bearer tokens taken in turn, one per request (the calls of many members rather than one). */
  tokens?: readonly string[];
}

/**
 * An autocannon request list whose requests carry the given tokens in turn. One member's calls queue behind each
 * other on their account row (the reserve's conditional UPDATE is the money guard), and the gateway lets one member
 * make at most RATE_LIMIT_PER_MINUTE calls (600 by default, 10 a second), so a load of many calls a second is many
 * members' load.
 */
export function takingTurns(
  tokens: readonly string[],
  method: 'GET' | 'POST',
  body?: string,
): autocannon.Request[] {
  let next = 0;
  return [
    {
      method,
      ...(body === undefined ? {} : { body }),
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
      }),
    },
  ];
}

export async function load(options: LoadOptions): Promise<RunResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 32,
    duration: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 5),
    overallRate: options.overallRate,
    ...(options.tokens
      ? { requests: takingTurns(options.tokens, options.method ?? 'GET', options.body) }
      : {}),
  });
  return {
    label: options.label,
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function ratio(a: number, b: number): number {
  return b === 0 ? 0 : Math.round((a / b) * 100) / 100;
}

/** A figure to two decimals, as every section prints it. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A signing key, its JWKS (for a stand-in service to publish) and a member token the gateway accepts. */
export async function benchSigning(): Promise<{ jwks: string; token: string }> {
  const keys = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bench', alg: 'EdDSA' };
  const token = await new SignJWT({ email: 'bench@example.com' })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'bench' })
    .setSubject('5a0f3c1e-8b7d-4c2a-9e61-3f2b1a0c9d88')
    .setIssuer('act-identity')
    .setAudience('act-api')
    .setExpirationTime('1h')
    .sign(keys.privateKey);
  return { jwks: JSON.stringify({ keys: [jwk] }), token };
}
