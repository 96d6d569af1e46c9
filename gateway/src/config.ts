// Gateway configuration, parsed once at start.
import { GATEWAY_SERVICES, type ServiceName } from '@act/contracts/server';
import { baseConfigSchema, configUrl, loadConfig, z } from '@act/service-kit';
import { remoteUrlFields } from './remotes-config';

// One optional <SERVICE>_URL per service in the contracts' routing table; an unset one means the service is absent.
// Beside it <SERVICE>_OPS_URL, the service's ops listener, where /api/health asks whether it is ready. Either may list
// several replicas, comma-separated (`http://a:8102,http://b:8102`): the gateway balances between them
// (createUpstreamPool in proxy.ts).
const splitList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
const httpUrl = configUrl(['http', 'https']);
const urlList = z
  .string()
  .refine(
    (value) =>
      splitList(value).length > 0 && splitList(value).every((entry) => httpUrl.safeParse(entry).success),
    { message: 'must be a URL (http, https), or several separated by commas' },
  )
  .transform(splitList);
const upstreamUrls = Object.fromEntries(
  GATEWAY_SERVICES.flatMap(({ urlEnv, opsUrlEnv }) => [
    [urlEnv, urlList.optional()],
    [opsUrlEnv, urlList.optional()],
  ]),
);

export const gatewayConfigSchema = baseConfigSchema
  .pick({
    OPS_PORT: true,
    LOG_LEVEL: true,
    JWKS_URL: true,
    JWT_ISSUER: true,
    JWT_AUDIENCE: true,
    SHUTDOWN_GRACE_MS: true,
    NATS_USER: true,
    NATS_PASSWORD: true,
    NATS_NAMESPACE: true,
    BODY_MIN_BYTES_PER_SECOND: true,
    BODY_RATE_WINDOW_MS: true,
  })
  .extend({
    // Where identity announces revoked access tokens (sign-out, password change). Unset: revoked tokens keep working
    // at this gateway until they expire, which only tests without NATS accept (a warning says so at start).
    NATS_URL: configUrl(['nats', 'tls', 'ws', 'wss']).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    // '::' accepts IPv4 and IPv6 on a dual-stack host, so http://localhost:8080 works whichever localhost resolves to.
    HOST: z.string().min(1).default('::'),
    ...upstreamUrls,
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
    // The built shell (index.html and its assets).
    STATIC_DIR: z.string().optional(),
    // Folder holding each remote's build at <REMOTES_DIR>/<family>/dist, served under /remotes/<family>/.
    REMOTES_DIR: z.string().optional(),
    // /remotes.json: this JSON file ({ "<family>": "<manifest URL>" }) when set, else the remotes built under
    // REMOTES_DIR; REMOTE_<FAMILY>_URL points one family at its own server (see remotes-config.ts).
    REMOTES_CONFIG: z.string().optional(),
    ...remoteUrlFields,
    REDIS_URL: configUrl(['redis', 'rediss']).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    // Uploads over 1 MB one client (a member, or a guest's IP) may have in flight at once (large-uploads.ts).
    LARGE_UPLOADS_PER_CLIENT: z.coerce.number().int().min(1).default(4),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
    // A `: ping` comment on an event-stream reply whose service has been silent this long, so proxies in front
    // (load balancers, nginx) keep the connection. 0 turns it off.
    SSE_HEARTBEAT_MS: z.coerce.number().int().min(0).default(15_000),
    // Strict-Transport-Security only makes sense where the gateway is reached over HTTPS.
    HSTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    // How long one answer of /api/health is reused: the public endpoint must not fan out on every call.
    HEALTH_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
  })
  .superRefine((config, ctx) => {
    const values = config as unknown as Record<string, string[] | undefined>;
    for (const { urlEnv, opsUrlEnv } of GATEWAY_SERVICES) {
      // A routed service whose readiness nobody checks would make /api/health say up while it is down.
      if (values[urlEnv] && !values[opsUrlEnv])
        ctx.addIssue({ code: 'custom', path: [opsUrlEnv], message: `is required when ${urlEnv} is set` });
    }
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<GatewayConfig> {
  return loadConfig(gatewayConfigSchema, env);
}

export type { ServiceName };

/** Base URLs of each running service's replicas (one or more). */
export function upstreamsOf(config: GatewayConfig): Partial<Record<ServiceName, string[]>> {
  return urlsOf(config, 'urlEnv');
}

/** Base URLs of the running services' ops listeners, per replica (their /readyz feeds /api/health). */
export function opsUrlsOf(config: GatewayConfig): Partial<Record<ServiceName, string[]>> {
  return urlsOf(config, 'opsUrlEnv');
}

function urlsOf(config: GatewayConfig, env: 'urlEnv' | 'opsUrlEnv'): Partial<Record<ServiceName, string[]>> {
  const values = config as unknown as Record<string, string[] | undefined>;
  const entries = GATEWAY_SERVICES.map((row) => [row.service, values[row[env]]] as const).filter(
    (entry): entry is readonly [ServiceName, string[]] => Array.isArray(entry[1]),
  );
  return Object.fromEntries(entries);
}
