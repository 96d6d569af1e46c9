// The local launcher behind `npm start` (spawned by scripts/start.mjs once dependencies and builds are in place):
// resolves PostgreSQL, NATS and S3 (env or embedded under .data/), starts every service present and then the gateway,
// waits for each to be ready, restarts any that crashes (with back-off, saying so), and on Ctrl+C / SIGTERM stops
// them in reverse order, then the embedded servers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_SERVICES, natsPermissions } from '@act/contracts/server';
import {
  buildSystemEnv,
  createLogLineFormatter,
  keptSecret,
  createDatabases,
  findFreePort,
  isPortFree,
  isProcessAlive,
  killPid,
  logFormatFor,
  natsUsersFor,
  presentServices,
  processName,
  resolveInfra,
  startReadyChild,
  supervise,
} from '@act/dev-infra';
import type { ChildSpec, ResolvedInfra, Supervision } from '@act/dev-infra';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Local state (databases, NATS store, objects, keys); a test of the launcher gives it a folder of its own.
const dataDir = path.resolve(repoRoot, process.env.LAUNCH_DATA_DIR ?? '.data');
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8080);
// The gateway's probes and metrics, as in docker-compose and k8s.
const gatewayOpsPort = Number(process.env.GATEWAY_OPS_PORT ?? 9080);
const readyTimeoutMs = Number(process.env.LAUNCH_READY_TIMEOUT_MS ?? 120_000);
const colours = [36, 33, 35, 32, 34, 91, 96, 93];
const useColour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
// Services write JSON log lines; a person at a terminal reads them as one readable line each (LOG_FORMAT overrides).
let formatLogLine: (line: string) => string = (line) => line;

// Pids of the running children, so a launcher killed with SIGKILL leaves nothing that the next start cannot clean.
const pidsFile = path.join(dataDir, 'launcher-children.json');

const supervised: Supervision[] = [];
/** The current pid of each child, by name (a restarted child gets a new one). */
const childPids = new Map<string, number>();
let infra: ResolvedInfra | undefined;
let stopping = false;

/** Time since this process started (performance.now() counts from there), so loading the launcher counts too. */
function elapsed(): string {
  return `${(performance.now() / 1000).toFixed(1)} s`;
}

function log(line: string): void {
  console.log(`${paint(90, 'launcher'.padEnd(9))}| ${line}`);
}

function paint(code: number, text: string): string {
  return useColour ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function recordChildren(): void {
  fs.writeFileSync(pidsFile, JSON.stringify({ launcher: process.pid, children: [...childPids.values()] }));
}

/** Stops services left running by a previous launcher that died without stopping them. */
async function stopOrphans(): Promise<void> {
  let recorded: { launcher: number; children: number[] };
  try {
    recorded = JSON.parse(fs.readFileSync(pidsFile, 'utf8')) as typeof recorded;
  } catch {
    return;
  }
  if (isProcessAlive(recorded.launcher)) {
    throw new Error(`another launcher (pid ${recorded.launcher}) is running from this folder; stop it first`);
  }
  for (const pid of recorded.children) {
    // Only a process still running one of our entry points from this checkout, not a recycled pid.
    let cwd: string;
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      continue;
    }
    if (!cwd.startsWith(repoRoot) || processName(pid) !== 'node') continue;
    log(`stopping ${path.relative(repoRoot, cwd)} (pid ${pid}) left by a previous run`);
    await killPid(pid, 'SIGTERM', 10_000);
  }
  fs.rmSync(pidsFile, { force: true });
}

async function portFor(name: string, preferred: number): Promise<number> {
  if (await isPortFree(preferred)) return preferred;
  const port = await findFreePort();
  log(`port ${preferred} is in use; ${name} gets ${port}`);
  return port;
}

/**
 * Starts one child with its output prefixed by its coloured name, and keeps it running: a crash is reported and the
 * child started again after a back-off rather than stopping the product. Resolves once the first start is ready.
 */
function start(spec: ChildSpec, colour: number): Promise<void> {
  const prefix = `${paint(colour, spec.name.padEnd(9))}| `;
  const supervision = supervise(
    spec.name,
    () =>
      startReadyChild(spec, {
        onLine: (line) => {
          // A record with an error prints its stack on the lines after it: each keeps the name in front.
          const text = formatLogLine(line).split('\n').join(`\n${prefix}`);
          process.stdout.write(`${prefix}${text}\n`);
        },
        onSpawn: (child) => {
          if (child.process.pid !== undefined) childPids.set(spec.name, child.process.pid);
          recordChildren();
        },
        readyTimeoutMs,
      }),
    { log },
  );
  supervised.push(supervision);
  return supervision.started;
}

async function main(): Promise<void> {
  formatLogLine = createLogLineFormatter(logFormatFor(process.env, Boolean(process.stdout.isTTY)), {
    colour: useColour,
  });
  const services = presentServices(repoRoot, GATEWAY_SERVICES);
  const hasGateway = fs.existsSync(path.join(repoRoot, 'gateway', 'src', 'main.ts'));
  if (!services.length && !hasGateway)
    log('no service and no gateway found yet: only the infrastructure runs');

  fs.mkdirSync(dataDir, { recursive: true });
  await stopOrphans();
  infra = await resolveInfra({
    dataDir,
    need: { postgres: true, nats: true, s3: true },
    log,
    // The embedded NATS gets one user per service with only its subjects, as in docker-compose and k8s, and one for
    // the gateway (it follows access-token revocations).
    natsUsers: natsUsersFor([...services.map(({ service }) => service), 'gateway' as const], (service) =>
      natsPermissions(service, process.env.NATS_NAMESPACE),
    ),
    // An embedded PostgreSQL or nats-server that dies is started again, like the services.
    supervise: true,
  });
  log(`infrastructure ready (${elapsed()})`);
  await createDatabases(
    infra.databaseUrl!,
    services.map(({ service }) => service),
  );

  // What the embedded default generates and keeps between runs (identity creates its signing keys here).
  const identityKeysDir = process.env.IDENTITY_KEYS_DIR ?? path.join(dataDir, 'identity-keys');
  fs.mkdirSync(identityKeysDir, { recursive: true, mode: 0o700 });

  const ports = new Map<string, number>();
  const opsPorts = new Map<string, number>();
  for (const { service, defaultPort, defaultOpsPort } of services) {
    ports.set(service, await portFor(service, defaultPort));
    opsPorts.set(service, await portFor(`${service} (ops)`, defaultOpsPort));
  }
  const system = buildSystemEnv({
    repoRoot,
    infra,
    routes: GATEWAY_SERVICES,
    ports,
    opsPorts,
    gatewayPort,
    gatewayOpsPort: await portFor('gateway (ops)', gatewayOpsPort),
    identityKeysDir,
    fileUrlSecret: process.env.FILE_URL_SECRET ?? keptSecret(path.join(dataDir, 'file-url-secret')),
    nodeEnv: process.env.NODE_ENV ?? 'development',
    jwksUrl: process.env.JWKS_URL,
    serviceEnv: {
      identity: {
        // The product is served over plain http://localhost here. A Secure cookie is kept there only by browsers
        // that treat localhost as a secure context (Safari and a LAN address do not), so the refresh cookie goes
        // without the flag unless the operator set one; links in emails point at this gateway.
        COOKIE_SECURE: process.env.COOKIE_SECURE ?? 'false',
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`,
      },
    },
  });

  // Services start together (they only need the infrastructure); readiness is awaited for all of them.
  await Promise.all(system.services.map((spec, index) => start(spec, colours[index % colours.length]!)));
  if (services.length)
    log(`services ready: ${services.map(({ service }) => service).join(', ')} (${elapsed()})`);

  if (!hasGateway) {
    log('gateway/src/main.ts not found: services run without the gateway');
    return;
  }
  if (!(await isPortFree(gatewayPort, '0.0.0.0'))) {
    throw new Error(`port ${gatewayPort} is in use; stop what holds it or set GATEWAY_PORT`);
  }
  await start(system.gateway, 97);

  console.log(`Ready: http://localhost:${gatewayPort}`);
  log(`started in ${elapsed()}; press Ctrl+C to stop`);
}

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // Gateway first so no new request reaches a stopping service; then services, last started first.
  for (const supervision of [...supervised].reverse()) {
    log(`stopping ${supervision.name}`);
    await supervision.stop();
  }
  if (infra) await infra.stop();
  fs.rmSync(pidsFile, { force: true });
  log('stopped');
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) log('still stopping…');
    void shutdown(0);
  });
}
// start.mjs holds the IPC channel: when it dies (even by SIGKILL) nothing else would stop us.
process.on('disconnect', () => void shutdown(0));

main().catch((error: unknown) => {
  console.error(`launcher: ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
