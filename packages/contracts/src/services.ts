// Server only (@act/contracts/server): the deployment table of the services behind the gateway — which path
// prefixes each owns, the env names of its URLs and its default ports in `npm start`, docker-compose and k8s.

export const SERVICE_NAMES = [
  'identity',
  'credits',
  'prompt',
  'chat',
  'image',
  'voice',
  'youtube',
  'library',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface GatewayService {
  service: ServiceName;
  /** Path prefixes routed to this service (full path kept). */
  prefixes: readonly string[];
  /** Gateway env var holding the service's base URL; unset means the service is absent. */
  urlEnv: string;
  defaultPort: number;
  /**
   * Gateway env var holding the base URL of the service's ops listener (its OPS_PORT: /readyz, /metrics), which
   * the gateway's /api/health checks; required whenever `urlEnv` is set.
   */
  opsUrlEnv: string;
  /** OPS_PORT used by `npm start`, docker-compose and k8s alike: the service port + 1000. */
  defaultOpsPort: number;
}

export const GATEWAY_SERVICES: readonly GatewayService[] = [
  {
    service: 'identity',
    prefixes: ['/api/identity'],
    urlEnv: 'IDENTITY_URL',
    defaultPort: 8101,
    opsUrlEnv: 'IDENTITY_OPS_URL',
    defaultOpsPort: 9101,
  },
  {
    service: 'credits',
    prefixes: ['/api/credits', '/api/billing'],
    urlEnv: 'CREDITS_URL',
    defaultPort: 8102,
    opsUrlEnv: 'CREDITS_OPS_URL',
    defaultOpsPort: 9102,
  },
  {
    service: 'prompt',
    prefixes: ['/api/prompt'],
    urlEnv: 'PROMPT_URL',
    defaultPort: 8103,
    opsUrlEnv: 'PROMPT_OPS_URL',
    defaultOpsPort: 9103,
  },
  {
    service: 'chat',
    prefixes: ['/api/chat'],
    urlEnv: 'CHAT_URL',
    defaultPort: 8104,
    opsUrlEnv: 'CHAT_OPS_URL',
    defaultOpsPort: 9104,
  },
  {
    service: 'image',
    prefixes: ['/api/image'],
    urlEnv: 'IMAGE_URL',
    defaultPort: 8105,
    opsUrlEnv: 'IMAGE_OPS_URL',
    defaultOpsPort: 9105,
  },
  {
    service: 'voice',
    prefixes: ['/api/voice'],
    urlEnv: 'VOICE_URL',
    defaultPort: 8106,
    opsUrlEnv: 'VOICE_OPS_URL',
    defaultOpsPort: 9106,
  },
  {
    service: 'youtube',
    prefixes: ['/api/youtube'],
    urlEnv: 'YOUTUBE_URL',
    defaultPort: 8107,
    opsUrlEnv: 'YOUTUBE_OPS_URL',
    defaultOpsPort: 9107,
  },
  {
    service: 'library',
    prefixes: ['/api/library'],
    urlEnv: 'LIBRARY_URL',
    defaultPort: 8108,
    opsUrlEnv: 'LIBRARY_OPS_URL',
    defaultOpsPort: 9108,
  },
];

/** The service owning a path, by prefix (a prefix matches itself or itself followed by '/'). */
export function serviceForPath(path: string): GatewayService | undefined {
  return GATEWAY_SERVICES.find((s) => s.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
}
