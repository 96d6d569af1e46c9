// `npm run measure:images`: what each production image holds and how fast it starts, measured here without a Docker
// engine. For the seven services and the gateway: builds the workspace (`npm run build -w <ws>`), lays out what the
// Dockerfile's final stage copies in a folder outside the repository (so nothing can be found in the repository's
// node_modules): the production dependencies of that workspace alone (`npm ci --omit=dev --workspace <ws>`, as the
// image does), its package.json and dist/; sums their sizes; then starts `node dist/main.js` from there against real
// PostgreSQL, NATS and S3 (from the environment, or embedded as for `npm start`) one at a time, in routing order and
// kept running (the gateway last), timing spawn to the first 200 from /readyz. The same starts through tsx from the
// sources are timed for comparison, each with an empty tsx cache as in a new container. Prints a Markdown table (the
// one in docs/operations.md#production-images) and writes .data/measure-images.json.
//   node --import tsx scripts/measure-images.ts [--rounds 3] [--no-tsx] [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { GATEWAY_SERVICES } from '@act/contracts/server';
import {
  buildSystemEnv,
  createDatabases,
  findFreePort,
  presentServices,
  resolveInfra,
  startChild,
} from '@act/dev-infra';
import type { ChildSpec, ResolvedInfra, StartedChild } from '@act/dev-infra';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argValue = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const rounds = Number(argValue('--rounds') ?? 3);
const withTsx = !process.argv.includes('--no-tsx');
const keep = process.argv.includes('--keep');
const READY_TIMEOUT_MS = 120_000;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed:\n${result.stdout}\n${result.stderr}`);
}

/** Apparent size of a file tree in bytes (symbolic links counted as links, as an image layer stores them). */
function treeBytes(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + treeBytes(path.join(target, name)), 0);
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Layout {
  workspace: string;
  /** Folder holding the image's /app: node_modules/ and <workspace>/{package.json,node_modules,dist}. */
  root: string;
  distBytes: number;
  nodeModulesBytes: number;
  packages: number;
}

/** Builds one workspace and lays out what its image holds (see the Dockerfile's server-deps and service stages). */
function layOut(workspace: string, stageRoot: string): Layout {
  run(npm, ['run', 'build', '--silent', '-w', workspace], repoRoot);
  const root = path.join(stageRoot, workspace.replace(/\//g, '-'));
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const manifests = spawnSync('git', ['ls-files', '--', 'package.json', '*/package.json'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter(Boolean);
  for (const file of [...manifests, 'package-lock.json', '.npmrc']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(repoRoot, file), path.join(root, file));
  }
  run(
    npm,
    [
      'ci',
      '--omit=dev',
      '--workspace',
      workspace,
      '--include-workspace-root=false',
      '--prefer-offline',
      '--no-fund',
      '--no-audit',
    ],
    root,
  );
  // What the image does not copy: the links to the workspace packages (bundled) and every other workspace folder.
  fs.rmSync(path.join(root, 'node_modules', '@act'), { recursive: true, force: true });
  const prune = (dir: string, kept: string[]) => {
    for (const entry of fs.readdirSync(dir))
      if (!kept.includes(entry)) fs.rmSync(path.join(dir, entry), { recursive: true });
  };
  const [top, nested] = workspace.split('/') as [string, string | undefined];
  prune(root, ['node_modules', top]);
  if (nested) prune(path.join(root, top), [nested]);
  const workspaceRoot = path.join(root, workspace);
  prune(workspaceRoot, ['package.json', 'node_modules']);
  fs.cpSync(path.join(repoRoot, workspace, 'dist'), path.join(workspaceRoot, 'dist'), { recursive: true });
  const installed = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules', '.package-lock.json'), 'utf8'),
  ) as {
    packages: Record<string, { link?: boolean }>;
  };
  return {
    workspace,
    root,
    distBytes: treeBytes(path.join(workspaceRoot, 'dist')),
    nodeModulesBytes:
      treeBytes(path.join(root, 'node_modules')) + treeBytes(path.join(workspaceRoot, 'node_modules')),
    packages: Object.entries(installed.packages).filter(
      ([key, entry]) => !entry.link && !key.startsWith('packages/') && key.includes('node_modules/'),
    ).length,
  };
}

/** Spawns the child and polls /readyz every 20 ms: milliseconds from spawn to the first 200. */
async function timeToReady(
  spec: ChildSpec,
  entry: string | undefined,
  cwd: string,
): Promise<{ child: StartedChild; ms: number }> {
  const startedAt = performance.now();
  const child = startChild({ ...spec, cwd, ...(entry ? { entry } : {}) }, { tailLines: 60 });
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null)
      throw new Error(`${spec.name} exited before it was ready:\n${child.tail.join('\n')}`);
    if (performance.now() - startedAt > READY_TIMEOUT_MS) {
      child.process.kill('SIGKILL');
      throw new Error(`${spec.name} not ready in ${READY_TIMEOUT_MS} ms:\n${child.tail.join('\n')}`);
    }
    const ok = await fetch(spec.readyUrl, { signal: AbortSignal.timeout(1_000) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.ok;
      },
      () => false,
    );
    if (ok) return { child, ms: performance.now() - startedAt };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(child: StartedChild): Promise<void> {
  const { process: proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Starts per workspace, in milliseconds: from the built image's layout, and through tsx from the sources. */
type StartTimes = Map<string, { compiled: number[]; tsx: number[] }>;

async function main(): Promise<void> {
  const services = presentServices(repoRoot, GATEWAY_SERVICES);
  const workspaces = [...services.map(({ service }) => `services/${service}`), 'gateway'];
  const stageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'act-images-'));
  console.log(`measure-images: laying out ${workspaces.length} images under ${stageRoot}`);
  const layouts = layOutAll(workspaces, stageRoot);

  const infra = await resolveInfra({
    dataDir: path.join(stageRoot, 'infra'),
    need: { postgres: true, nats: true, s3: true },
    log: (line) => console.log(`  infra: ${line}`),
  });
  const suffix = `${process.pid}`;
  const databaseName = (service: string) => `measure_${service}_${suffix}`;
  const databases = services.map(({ service }) => databaseName(service));
  const times: StartTimes = new Map(workspaces.map((ws) => [ws, { compiled: [], tsx: [] }]));
  try {
    await createDatabases(infra.databaseUrl!, databases);
    const specs = await systemSpecs({ services, infra, stageRoot, suffix, databaseName });
    await timeStarts(specs, layouts, stageRoot, times);
  } finally {
    const sql = postgres(infra.databaseUrl!, { max: 1, onnotice: () => undefined });
    for (const name of databases)
      await sql.unsafe(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await sql.end({ timeout: 5 });
    await infra.stop();
    if (!keep) fs.rmSync(stageRoot, { recursive: true, force: true });
  }
  report(workspaces, layouts, times);
}

function layOutAll(workspaces: readonly string[], stageRoot: string): Map<string, Layout> {
  const layouts = new Map<string, Layout>();
  for (const workspace of workspaces) {
    const startedAt = Date.now();
    const layout = layOut(workspace, stageRoot);
    layouts.set(workspace, layout);
    console.log(
      `  ${workspace}: dist ${mb(layout.distBytes)}, node_modules ${mb(layout.nodeModulesBytes)} (${layout.packages} packages), laid out in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
    );
  }
  return layouts;
}

/** The services and the gateway as `npm start` would run them (production mode), on free ports. */
async function systemSpecs(options: {
  services: readonly { service: string }[];
  infra: ResolvedInfra;
  stageRoot: string;
  suffix: string;
  databaseName: (service: string) => string;
}): Promise<ChildSpec[]> {
  const { services, infra, stageRoot, suffix, databaseName } = options;
  const ports = new Map<string, number>();
  const opsPorts = new Map<string, number>();
  for (const { service } of services) {
    ports.set(service, await findFreePort());
    opsPorts.set(service, await findFreePort());
  }
  const identityKeysDir = path.join(stageRoot, 'identity-keys');
  fs.mkdirSync(identityKeysDir, { mode: 0o700 });
  const gatewayPort = await findFreePort();
  const system = buildSystemEnv({
    repoRoot,
    infra,
    routes: GATEWAY_SERVICES,
    ports,
    opsPorts,
    gatewayPort,
    gatewayOpsPort: await findFreePort(),
    identityKeysDir,
    fileUrlSecret: 'measure-images-file-url-secret-0123456789abcdef',
    nodeEnv: 'production',
    namespace: `measure${suffix}`,
    databaseName,
    env: { LOG_LEVEL: 'warn' },
    serviceEnv: { identity: { COOKIE_SECURE: 'false', PUBLIC_URL: `http://localhost:${gatewayPort}` } },
  });
  return [...system.services, system.gateway];
}

/** Each round, each mode: starts every workspace in order and keeps it running until the round's last is ready. */
async function timeStarts(
  specs: readonly ChildSpec[],
  layouts: ReadonlyMap<string, Layout>,
  stageRoot: string,
  times: StartTimes,
): Promise<void> {
  const modes = withTsx ? (['compiled', 'tsx'] as const) : (['compiled'] as const);
  for (let round = 1; round <= rounds; round++) {
    for (const mode of modes) {
      const running: StartedChild[] = [];
      try {
        for (const spec of specs) {
          const workspace = spec.name === 'gateway' ? 'gateway' : `services/${spec.name}`;
          const compiled = mode === 'compiled';
          const cwd = compiled ? path.join(layouts.get(workspace)!.root, workspace) : spec.cwd;
          // tsx keeps its transpile cache in the temp dir: a fresh one each start, as in a new container.
          const env = compiled
            ? spec.env
            : { ...spec.env, TMPDIR: fs.mkdtempSync(path.join(stageRoot, 'tsx-tmp-')) };
          const { child, ms } = await timeToReady(
            { ...spec, env },
            compiled ? 'dist/main.js' : undefined,
            cwd,
          );
          running.push(child);
          times.get(workspace)![mode].push(ms);
          console.log(
            `  round ${round} ${mode.padEnd(8)} ${workspace.padEnd(17)} ready in ${ms.toFixed(0)} ms`,
          );
        }
      } finally {
        for (const child of running.reverse()) await stop(child);
      }
    }
  }
}

/** Writes .data/measure-images.json and prints the Markdown table of docs/operations.md#production-images. */
function report(
  workspaces: readonly string[],
  layouts: ReadonlyMap<string, Layout>,
  times: StartTimes,
): void {
  const rows = workspaces.map((workspace) => {
    const layout = layouts.get(workspace)!;
    const { compiled, tsx } = times.get(workspace)!;
    return {
      workspace,
      distBytes: layout.distBytes,
      nodeModulesBytes: layout.nodeModulesBytes,
      packages: layout.packages,
      readyMs: median(compiled),
      ...(tsx.length ? { tsxReadyMs: median(tsx) } : {}),
      compiledRuns: compiled.map(Math.round),
      tsxRuns: tsx.map(Math.round),
    };
  });
  fs.mkdirSync(path.join(repoRoot, '.data'), { recursive: true });
  fs.writeFileSync(
    path.join(repoRoot, '.data', 'measure-images.json'),
    JSON.stringify(
      { measuredAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, rounds, rows },
      null,
      2,
    ),
  );
  console.log(
    `\n| Workspace | dist/ | Production node_modules | Image content | Ready (node dist/main.js) |${withTsx ? ' Ready (tsx, before) |' : ''}`,
  );
  console.log(`|---|---:|---:|---:|---:|${withTsx ? '---:|' : ''}`);
  for (const row of rows)
    console.log(
      `| ${row.workspace} | ${mb(row.distBytes)} | ${mb(row.nodeModulesBytes)} (${row.packages} packages) | ${mb(row.distBytes + row.nodeModulesBytes)} | ${(row.readyMs / 1000).toFixed(2)} s |${row.tsxReadyMs === undefined ? '' : ` ${(row.tsxReadyMs / 1000).toFixed(2)} s |`}`,
    );
}

main().catch((error: unknown) => {
  console.error(`measure-images: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
