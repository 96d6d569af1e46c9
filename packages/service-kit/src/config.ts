// Service configuration: parsed once from the environment with zod at start-up, frozen, and never read again.
// A bad or missing variable stops the service with one message that names every problem at once (one line when
// there is one problem, so a log collector keeps it whole).
import { z } from 'zod';
import { CHARGED_WORK_MAX_MS } from '@act/contracts';
import { DEFAULT_BODY_MIN_BYTES_PER_SECOND, DEFAULT_BODY_RATE_WINDOW_MS } from './body-read-deadline';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid configuration: ${problems[0]}`
        : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(', ')})` },
  );

export const configUrl = url;

export const baseConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  HOST: z.string().min(1).default('127.0.0.1'),
  // The ops listener (/healthz, /readyz, /metrics) on HOST: kept off the public port so the ingress never serves it.
  // Deployments set it (probes and Prometheus need a known port); 0 picks a free one (tests, ad-hoc runs).
  OPS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NATS_URL: url(['nats', 'tls', 'ws', 'wss']),
  // The service's NATS user and password (both or neither); the server gives each service's user only its subjects.
  NATS_USER: z.string().min(1).optional(),
  NATS_PASSWORD: z.string().min(1).optional(),
  // Prefix for subjects and stream names; lets parallel tests (or tenants) share one NATS server safely.
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, _ and -')
    .optional(),
  JWKS_URL: url(['http', 'https']),
  JWT_ISSUER: z.string().min(1).default('act-identity'),
  JWT_AUDIENCE: z.string().min(1).default('act-api'),
  // Copies JetStream keeps of each stream this service creates (USAGE, IDENTITY): 1 on a single NATS server, 3 on a
  // 3-node cluster (k8s), so the loss of one node loses no usage event or user.created.
  JETSTREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  // How long in-flight requests may take to finish after SIGTERM before the process exits anyway.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  // The process's memory limit, when its container's (cgroup) is not the one to go by: a quarter of it is what JSON
  // bodies in flight may take at once (docs/limits.md). Unset: the container's limit, or 1024 without one.
  MEMORY_LIMIT_MB: z.coerce.number().int().min(64).optional(),
  // A request body that brings fewer bytes a second than this, averaged over each window of BODY_RATE_WINDOW_MS from
  // its start, is cut with 408 (docs/limits.md#slow-bodies); 0 cuts none.
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(DEFAULT_BODY_MIN_BYTES_PER_SECOND),
  BODY_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(DEFAULT_BODY_RATE_WINDOW_MS),
});

export type BaseConfig = z.infer<typeof baseConfigSchema>;

/**
 * The one database block, for every service that keeps data (`baseConfigSchema.extend({ ...databaseConfigFields })`):
 * startService connects with these settings and migrates before the service turns ready.
 */
export const databaseConfigFields = {
  DATABASE_URL: url(['postgres', 'postgresql']),
  // Connections this replica may open. At least 2: a request waiting on the pool must never stand behind the outbox
  // relay's or a reply's open transaction with no connection left for it.
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(100).default(10),
  // false: the process does not migrate when it starts, because a separate step runs `migrate` first (k8s: the
  // pod's init container, docs/deploy.md#migrations). true (npm start, docker-compose): it migrates before serving.
  MIGRATE_AT_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
};

export type DatabaseConfig = { DATABASE_URL: string; DATABASE_POOL_MAX: number; MIGRATE_AT_START: boolean };

export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): Readonly<z.infer<S>> {
  // Empty strings count as unset, so `FOO=` in a compose file falls back to the default instead of failing oddly.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(root)';
        const received = cleaned[String(issue.path[0])];
        const missing = received === undefined && issue.code === 'invalid_type';
        return missing ? `${name}: is required but not set` : `${name}: ${issue.message}`;
      }),
    );
  }
  return Object.freeze(result.data);
}

/**
 * SHUTDOWN_GRACE_MS for a service whose work in flight finishes when a replica stops (a chat reply, a generation, a
 * voice job): by default the longest a charged call may hold credits. Spread it into the schema, then let
 * `graceCoversWork` hold it to the setting that bounds that work.
 */
export const shutdownGraceField = {
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(CHARGED_WORK_MAX_MS),
};

/**
 * The rule "SHUTDOWN_GRACE_MS ≥ the longest work", so a deploy lets the longest `work` finish: refuses a config whose
 * grace is shorter than the `longest` setting (the longest of several when the work has several bounds).
 */
export function graceCoversWork<
  K extends string,
  S extends z.ZodType<Record<K | 'SHUTDOWN_GRACE_MS', number>>,
>(schema: S, longest: K | readonly K[], work: string): S {
  const keys: readonly K[] = typeof longest === 'string' ? [longest] : longest;
  return schema.refine((config) => keys.every((key) => config.SHUTDOWN_GRACE_MS >= config[key]), {
    path: ['SHUTDOWN_GRACE_MS'],
    error: `must be at least ${keys.join(' and ')}, so a deploy lets the longest ${work} finish`,
  });
}
