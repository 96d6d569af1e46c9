// What `npm start` (scripts/launch.ts) and the test/bench launcher (e2e/support/system.ts) share when they run the
// whole product: which services are present and the environment of each service and of the gateway (child.ts starts
// them). One copy, so a variable added for one launcher reaches the other.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { databaseUrl } from './embedded-postgres';
import type { NatsUser } from './nats-auth';
import type { ResolvedInfra } from './resolve-infra';

/** One row of the gateway's routing table (GATEWAY_SERVICES in @act/contracts). */
export interface RoutedService {
  service: string;
  urlEnv: string;
  /** The gateway's variable for the service's ops listener, which its /api/health probes. */
  opsUrlEnv: string;
}

export interface SystemEnvOptions {
  repoRoot: string;
  /** With `natsUsers`, each service connects as the user named after it, and the gateway as `gateway`. */
  infra: Pick<ResolvedInfra, 'databaseUrl' | 'natsUrl' | 'natsUsers' | 's3'>;
  /** The whole routing table: the gateway gets `<urlEnv>` for each running service and none for the others. */
  routes: readonly RoutedService[];
  /** Port of each service to run; a service without a port does not run. */
  ports: ReadonlyMap<string, number>;
  /** OPS_PORT of each service to run (its /healthz, /readyz, /metrics). */
  opsPorts: ReadonlyMap<string, number>;
  gatewayPort: number;
  gatewayOpsPort: number;
  /** Where identity keeps its signing keys (created by the caller). */
  identityKeysDir: string;
  /** Signs stored files' URLs (FILE_URL_SECRET of chat, image and voice); see `keptSecret`. */
  fileUrlSecret: string;
  nodeEnv: string;
  /** Prefix of NATS subjects and stream names; when unset NATS_NAMESPACE passes through from `baseEnv`. */
  namespace?: string;
  /** Name of a service's own database on the infra's server; the service name by default. */
  databaseName?: (service: string) => string;
  /** Overrides the JWKS URL of the running identity (or of identity's default port when it does not run). */
  jwksUrl?: string;
  /** Inherited by every child; process.env by default. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Added for every child after the infra settings, so it wins over them. */
  env?: NodeJS.ProcessEnv;
  /** Added for one service, keyed by service name. */
  serviceEnv?: Readonly<Record<string, NodeJS.ProcessEnv>>;
  /** Added for the gateway. */
  gatewayEnv?: NodeJS.ProcessEnv;
}

/** A child to start: `node --import tsx src/main.ts` in `cwd`, ready once `readyUrl` answers 2xx. */
export interface ChildSpec {
  name: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  url: string;
  /** The ops listener (probes and metrics never answer on `url`). */
  opsUrl: string;
  readyUrl: string;
}

export interface SystemEnv {
  /** In routing-table order. */
  services: ChildSpec[];
  gateway: ChildSpec;
}

const IDENTITY_DEFAULT_PORT = 8101;
const loopback = (port: number) => `http://127.0.0.1:${port}`;

/**
 * A secret kept in `file` (created with 32 random bytes, readable by the owner only, on first use), so what it signs
 * stays valid across restarts of `npm start`.
 */
export function keptSecret(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('hex');
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/** Services present in the checkout: a folder services/<name> with src/main.ts, in the routing table's order. */
export function presentServices<T extends RoutedService>(repoRoot: string, routes: readonly T[]): T[] {
  return routes.filter(({ service }) =>
    fs.existsSync(path.join(repoRoot, 'services', service, 'src', 'main.ts')),
  );
}

export function buildSystemEnv(options: SystemEnvOptions): SystemEnv {
  const { infra, ports } = options;
  const identityPort = ports.get('identity') ?? IDENTITY_DEFAULT_PORT;
  const shared: NodeJS.ProcessEnv = {
    ...(options.baseEnv ?? process.env),
    NODE_ENV: options.nodeEnv,
    NATS_URL: infra.natsUrl,
    ...(options.namespace === undefined ? {} : { NATS_NAMESPACE: options.namespace }),
    JWKS_URL: options.jwksUrl ?? `${loopback(identityPort)}/api/identity/.well-known/jwks.json`,
    ...infra.s3,
    FILE_URL_SECRET: options.fileUrlSecret,
    ...options.env,
  };

  const running = options.routes.filter(({ service }) => ports.has(service));
  const opsPortOf = (service: string) => {
    const opsPort = options.opsPorts.get(service);
    if (opsPort === undefined) throw new Error(`No ops port given for ${service}`);
    return opsPort;
  };
  const services = running.map(({ service }): ChildSpec => {
    const port = ports.get(service)!;
    const opsPort = opsPortOf(service);
    const url = loopback(port);
    const opsUrl = loopback(opsPort);
    return {
      name: service,
      cwd: path.join(options.repoRoot, 'services', service),
      port,
      url,
      opsUrl,
      readyUrl: `${opsUrl}/readyz`,
      env: {
        ...shared,
        PORT: String(port),
        OPS_PORT: String(opsPort),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl(infra.databaseUrl!, options.databaseName?.(service) ?? service),
        ...(service === 'identity' ? { IDENTITY_KEYS_DIR: options.identityKeysDir } : {}),
        ...natsCredentials(infra.natsUsers, service),
        ...options.serviceEnv?.[service],
      },
    };
  });

  const gatewayEnv: NodeJS.ProcessEnv = {
    ...shared,
    PORT: String(options.gatewayPort),
    OPS_PORT: String(options.gatewayOpsPort),
    STATIC_DIR: path.join(options.repoRoot, 'shell', 'dist'),
    REMOTES_DIR: path.join(options.repoRoot, 'remotes'),
    // Its own NATS user (when the NATS has users), to follow access-token revocations.
    ...natsCredentials(infra.natsUsers, 'gateway'),
    ...options.gatewayEnv,
  };
  // The gateway owns no database and picks its own listen address.
  delete gatewayEnv.DATABASE_URL;
  delete gatewayEnv.HOST;
  for (const { service, urlEnv, opsUrlEnv } of options.routes) {
    const port = ports.get(service);
    if (port) {
      gatewayEnv[urlEnv] = loopback(port);
      gatewayEnv[opsUrlEnv] = loopback(opsPortOf(service));
    } else {
      delete gatewayEnv[urlEnv];
      delete gatewayEnv[opsUrlEnv];
    }
  }
  const gatewayUrl = loopback(options.gatewayPort);
  const gatewayOpsUrl = loopback(options.gatewayOpsPort);
  const gateway: ChildSpec = {
    name: 'gateway',
    cwd: path.join(options.repoRoot, 'gateway'),
    env: gatewayEnv,
    port: options.gatewayPort,
    url: gatewayUrl,
    opsUrl: gatewayOpsUrl,
    // The services were awaited first; the gateway's own readiness is all that is left.
    readyUrl: `${gatewayOpsUrl}/readyz`,
  };
  return { services, gateway };
}

/** Starts one child and resolves, once it is ready, with the ports it bound (what it reported, child.ts). */
export type StartChildReady = (spec: ChildSpec) => Promise<{ port: number; opsPort: number }>;

/**
 * Starts the services in the order their addresses become known (bind first, then tell: a child takes free ports
 * when those it was given are taken, docs/operations.md): identity first, since every child's JWKS_URL names its
 * port, then the others together. Resolves with the system as it runs: each service's spec with the ports it bound,
 * and the gateway's spec routing to them, for the caller to start.
 */
export async function startServices(options: SystemEnvOptions, start: StartChildReady): Promise<SystemEnv> {
  const ports = new Map(options.ports);
  const opsPorts = new Map(options.opsPorts);
  const build = () => buildSystemEnv({ ...options, ports, opsPorts });
  const startAndRecord = async (spec: ChildSpec) => {
    const bound = await start(spec);
    ports.set(spec.name, bound.port);
    opsPorts.set(spec.name, bound.opsPort);
  };
  const isIdentity = (spec: ChildSpec) => spec.name === 'identity';
  for (const spec of build().services.filter(isIdentity)) await startAndRecord(spec);
  await Promise.all(
    build()
      .services.filter((spec) => !isIdentity(spec))
      .map(startAndRecord),
  );
  return build();
}

/**
 * NATS_USER and NATS_PASSWORD of a service's (or the gateway's) own user, when the NATS has users (one without a
 * user of its own gets none).
 */
function natsCredentials(users: readonly NatsUser[] | undefined, service: string): NodeJS.ProcessEnv {
  const own = users?.find(({ user }) => user === service);
  if (!own || typeof own.password !== 'string') return {};
  return { NATS_USER: own.user, NATS_PASSWORD: own.password };
}
