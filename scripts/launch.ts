// The local launcher behind `npm start` (spawned by scripts/start.mjs once dependencies and builds are in place):
// resolves PostgreSQL, NATS and S3 (env or embedded under .data/), starts every service present and then the gateway,
// waits for each to report the ports it bound and be ready there (never trusting an answer from a process it did not
// start), restarts any that crashes (with back-off, saying so), and on Ctrl+C / SIGTERM stops them in reverse order,
// then the embedded servers. Its children stop by themselves should it die without stopping them.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_SERVICES, natsPermissions } from '@act/contracts/server';
import {
  createLogLineFormatter,
  keptSecret,
  createDatabases,
  findFreePort,
  childPidFile,
  logFormatFor,
  natsUsersFor,
  presentServices,
  resolveInfra,
  startReadyChild,
  startServices,
  stopRecordedChildren,
  supervise,
} from '@act/dev-infra';
import type { ChildSpec, ResolvedInfra, Supervision, SystemEnvOptions } from '@act/dev-infra';
import type { ListeningReport } from '@act/contracts/server';

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
/** The current pid of each child, by name (a restarted child gets a new one). */
const childPids = childPidFile(pidsFile);

const supervised: Supervision[] = [];
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

/** The spec of a child started again: the ports its first start bound, which the gateway and the others know. */
function pinned(spec: ChildSpec, bound: ListeningReport): ChildSpec {
  return { ...spec, env: { ...spec.env, PORT: String(bound.port), OPS_PORT: String(bound.opsPort) } };
}

/** Says where a child listens when it is not where it was told (it bound free ports: its own were taken). */
function reportMoved(spec: ChildSpec, bound: ListeningReport): void {
  const told = { port: spec.env.PORT, opsPort: spec.env.OPS_PORT };
  for (const key of ['port', 'opsPort'] as const)
    if (told[key] !== String(bound[key]))
      log(`port ${told[key]} is in use by another process; ${spec.name} listens on ${bound[key]} instead`);
}

/**
 * Starts one child with its output prefixed by its coloured name, and keeps it running: a crash is reported and the
 * child started again after a back-off rather than stopping the product. Resolves once the first start is ready,
 * with the ports it bound; a restart must bind the same ones (where the gateway reaches it) or counts as failed.
 */
function start(spec: ChildSpec, colour: number): Promise<ListeningReport> {
  const prefix = `${paint(colour, spec.name.padEnd(9))}| `;
  let bound: ListeningReport | undefined;
  const supervision = supervise(
    spec.name,
    async () => {
      const incarnation = await startReadyChild(bound ? pinned(spec, bound) : spec, {
        onLine: (line) => {
          // A record with an error prints its stack on the lines after it: each keeps the name in front.
          const text = formatLogLine(line).split('\n').join(`\n${prefix}`);
          process.stdout.write(`${prefix}${text}\n`);
        },
        onSpawn: (child) => {
          if (child.process.pid !== undefined) childPids.set(spec.name, child.process.pid);
        },
        readyTimeoutMs,
      });
      const { port, opsPort } = incarnation.ports;
      if (bound && (port !== bound.port || opsPort !== bound.opsPort)) {
        await incarnation.stop();
        throw new Error(
          `ports ${bound.port} and ${bound.opsPort}, where it is reached, are held by another process`,
        );
      }
      if (!bound) reportMoved(spec, incarnation.ports);
      bound = incarnation.ports;
      return incarnation;
    },
    { log },
  );
  supervised.push(supervision);
  return supervision.started.then(() => bound!);
}

/**
 * The public port: the preferred one (the README's 8080) unless something holds it, then a free one, said plainly.
 * Held by this process until the gateway is about to start, so a second copy starting meanwhile sees it taken and
 * picks another for its own links in emails (PUBLIC_URL) rather than racing this copy's gateway for it.
 */
async function holdPublicPort(): Promise<{ port: number; release(): Promise<void> }> {
  const hold = (port: number) =>
    new Promise<net.Server | undefined>((resolve) => {
      const server = net.createServer((socket) => socket.destroy());
      server.once('error', () => resolve(undefined));
      server.listen(port, '0.0.0.0', () => resolve(server));
    });
  let held = await hold(gatewayPort);
  let port = gatewayPort;
  if (!held) {
    port = await findFreePort('0.0.0.0');
    held = await hold(port);
    log(`port ${gatewayPort} is in use by another process; the product will be on port ${port} instead`);
  }
  return { port, release: () => new Promise((resolve) => (held ? held.close(() => resolve()) : resolve())) };
}

/** Starts the gateway on the held public port (it says so should another process take it first), then says Ready. */
async function startGateway(spec: ChildSpec, publicAt: Awaited<ReturnType<typeof holdPublicPort>>) {
  await publicAt.release();
  const gateway = await start(spec, 97);
  if (gateway.port !== publicAt.port)
    log(
      `links in emails name port ${publicAt.port}; set GATEWAY_PORT to a free port and start again to match them`,
    );
  console.log(`Ready: http://localhost:${gateway.port}`);
  log(`started in ${elapsed()}; press Ctrl+C to stop`);
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
  await stopRecordedChildren(pidsFile, { root: repoRoot, ownerLabel: 'launcher', log });
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

  // The preferred ports: a child whose port is taken binds a free one and says so (no check here could hold it).
  const ports = new Map(services.map(({ service, defaultPort }) => [service, defaultPort]));
  const opsPorts = new Map(services.map(({ service, defaultOpsPort }) => [service, defaultOpsPort]));
  const publicAt = hasGateway ? await holdPublicPort() : { port: gatewayPort, release: async () => {} };
  const options: SystemEnvOptions = {
    repoRoot,
    infra,
    routes: GATEWAY_SERVICES,
    ports,
    opsPorts,
    gatewayPort: publicAt.port,
    gatewayOpsPort,
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
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${publicAt.port}`,
      },
    },
  };

  // Identity first (the others' JWKS_URL names its port), then the rest together; each awaited until it is ready at
  // the ports it reported binding.
  let index = 0;
  const system = await startServices(options, (spec) => start(spec, colours[index++ % colours.length]!));
  if (services.length)
    log(`services ready: ${services.map(({ service }) => service).join(', ')} (${elapsed()})`);

  if (!hasGateway) {
    log('gateway/src/main.ts not found: services run without the gateway');
    return;
  }
  await startGateway(system.gateway, publicAt);
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
  childPids.remove();
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
