// Gateway configuration, parsed once at start.
import { GATEWAY_SERVICES, type ServiceName } from '@act/contracts';
import { baseConfigSchema, configUrl, loadConfig, z } from '@act/service-kit';

// One optional <SERVICE>_URL per service in the contracts' routing table; an unset one means the service is absent.
const upstreamUrls = Object.fromEntries(
  GATEWAY_SERVICES.map(({ urlEnv }) => [urlEnv, configUrl(['http', 'https']).optional()]),
);

export const gatewayConfigSchema = baseConfigSchema
  .pick({ LOG_LEVEL: true, JWKS_URL: true, JWT_ISSUER: true, JWT_AUDIENCE: true, SHUTDOWN_GRACE_MS: true })
  .extend({
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
    REDIS_URL: configUrl(['redis', 'rediss']).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(180_000),
    // Strict-Transport-Security only makes sense where the gateway is reached over HTTPS.
    HSTS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  });

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<GatewayConfig> {
  return loadConfig(gatewayConfigSchema, env);
}

export type { ServiceName };

export function upstreamsOf(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  const values = config as unknown as Record<string, string | undefined>;
  const entries = GATEWAY_SERVICES.map(({ service, urlEnv }) => [service, values[urlEnv]] as const).filter(
    (entry): entry is readonly [ServiceName, string] => typeof entry[1] === 'string',
  );
  return Object.fromEntries(entries);
}
