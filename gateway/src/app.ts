// The gateway: one origin for the browser. Order of the chain: security headers → client IP → per-IP rate limit
// (API only) → public up/down health → access check (JWT) → large uploads in flight per client → streaming proxy to
// the owning service → static shell and remotes.
import type { Context } from 'koa';
import {
  API_KEY_TEXTS,
  BODY_LIMITS,
  ERROR_TEXTS,
  PRODUCT_VERSION,
  SUPPORT_ROLE,
  apiKeyMayCall,
  findEndpoint,
  type Access,
} from '@act/contracts';
import { serviceForPath } from '@act/contracts/server';
import {
  AppError,
  ErrorCode,
  bearerToken,
  createHttpApp,
  hasRole,
  type AuthUser,
  DEFAULT_HEARTBEAT_MS,
  type HttpApp,
  type JwtVerifier,
  type RateLimiterAbstract,
  type Logger,
} from '@act/service-kit';
import { createApiKeyResolver, isApiKey } from './api-keys';
import { ARTIFACT_FRAME_PATH, serveArtifactFrame } from './artifact-frame';
import { API_REFERENCE_PATH, TRY_IT_SCRIPT_PATH, apiReference } from './api-reference';
import { parseTrustedProxies, resolveClientIp } from './client-ip';
import type { GatewayConfig, ServiceName } from './config';
import type { SystemHealth } from './health';
import { createUpstreamPool, proxyRequest, type UpstreamPool } from './proxy';
import { DEFAULT_LARGE_UPLOADS_PER_CLIENT, limitLargeUploads } from './large-uploads';
import { rateLimitByIp } from './rate-limit';
import { securityHeaderSetter } from './security-headers';
import { remoteFiles, staticFiles } from './static-files';
import { remotesJson, remotesSource, type RemotesSettings, type RemotesSource } from './remotes-config';

export interface GatewayDeps {
  config: Pick<
    GatewayConfig,
    'TRUSTED_PROXIES' | 'STATIC_DIR' | 'REMOTES_DIR' | 'UPSTREAM_TIMEOUT_MS' | 'HSTS'
  > &
    Partial<Pick<GatewayConfig, 'SSE_HEARTBEAT_MS' | 'REMOTES_CONFIG' | 'LARGE_UPLOADS_PER_CLIENT'>> &
    RemotesSettings;
  /** Base URL of each service, or of each of its replicas (balanced, see createUpstreamPool in proxy.ts). */
  upstreams: Partial<Record<ServiceName, string | readonly string[]>>;
  logger: Logger;
  verifier: JwtVerifier;
  rateLimiter: RateLimiterAbstract;
  /** Behind /api/health: whether every service is ready (cached, see health.ts). */
  health: SystemHealth;
  /** What /remotes.json answers; from `config` (REMOTES_CONFIG, REMOTES_DIR, REMOTE_<FAMILY>_URL) by default. */
  remotes?: RemotesSource;
  /** How long what identity said about a personal API key is kept (API_KEY_RULES.cacheMs by default). */
  apiKeyCacheMs?: number;
}

export function createGatewayApp({
  config,
  upstreams,
  logger,
  verifier,
  rateLimiter,
  health,
  remotes = remotesSource(config),
  apiKeyCacheMs,
}: GatewayDeps): HttpApp {
  const app = createHttpApp({ name: 'gateway', logger, bodyLimit: false });
  const trusted = parseTrustedProxies(config.TRUSTED_PROXIES);
  const clientIpOf = (ctx: Context): string | undefined => ctx.state.clientIp as string | undefined;

  // Remotes served from other origins (their own containers, a CDN) may run scripts and styles on our pages.
  const setSecurityHeaders = securityHeaderSetter({ hsts: config.HSTS, remoteOrigins: remotes.origins });
  const limitApi = rateLimitByIp(rateLimiter, clientIpOf);
  const limitUploads = limitLargeUploads({
    perClient: config.LARGE_UPLOADS_PER_CLIENT ?? DEFAULT_LARGE_UPLOADS_PER_CLIENT,
    // A member is one client on any number of addresses; a guest is its address.
    clientOf: (ctx) => {
      const user = ctx.state.user as { userId?: string } | undefined;
      return user?.userId ? `member:${user.userId}` : `ip:${clientIpOf(ctx) ?? 'unknown'}`;
    },
  });
  const serveApiReference = apiReference(upstreams);
  const pools = new Map<ServiceName, UpstreamPool>();
  for (const [service, urls] of Object.entries(upstreams) as Array<
    [ServiceName, string | readonly string[]]
  >) {
    const list = typeof urls === 'string' ? [urls] : urls;
    if (list.length > 0) pools.set(service, createUpstreamPool(list));
  }

  const apiKeys = createApiKeyResolver({
    identity: pools.get('identity'),
    verifier,
    ...(apiKeyCacheMs === undefined ? {} : { cacheMs: apiKeyCacheMs }),
  });

  /** An API call: its access check, then the owning service's answer through the proxy. */
  const proxyApi = async (ctx: Context): Promise<void> => {
    const route = resolveRoute(ctx.method, ctx.path);
    const upstream = route ? pools.get(route.service) : undefined;
    if (!route || !upstream) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);

    // The gateway is the first line: members' tokens are checked here and again by the service.
    const token = bearerToken(ctx);
    const sentAuthorization = ctx.get('authorization') !== '';
    // Refused before any lookup, whatever the endpoint's access (logout is public): a key never manages keys,
    // sessions, the account, money or support.
    const withKey = token !== undefined && isApiKey(token);
    if (withKey && !route.apiKeyAllowed) throw new AppError(ErrorCode.FORBIDDEN, API_KEY_TEXTS.notAllowed);
    if ((route.access === 'member' || route.access === 'support') && !token) {
      throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
    }
    let authorization: string | undefined;
    if (route.access !== 'public' && (token || sentAuthorization)) {
      if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
      if (withKey) {
        const key = await apiKeys.resolve(token);
        ctx.state.user = key.user;
        authorization = `Bearer ${key.token}`;
      } else {
        ctx.state.user = await verifier.verify(token);
      }
    }
    // The support console's API: only a token whose signed `roles` claim holds the role (docs/security.md#support-role).
    if (route.access === 'support' && !hasRole(ctx.state.user as AuthUser | undefined, SUPPORT_ROLE)) {
      throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.forbidden);
    }

    await limitUploads(ctx, (sent) =>
      proxyRequest(ctx, {
        upstream,
        bodyLimitBytes: route.bodyLimitBytes,
        clientIp: clientIpOf(ctx),
        requestId: ctx.state.requestId,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        heartbeatMs: config.SSE_HEARTBEAT_MS ?? DEFAULT_HEARTBEAT_MS,
        deadline: app.bodyReadDeadline,
        onBodyBytes: sent,
        ...(authorization ? { authorization } : {}),
      }),
    );
  };

  // The front of every request in one middleware rather than a Koa layer each (every layer is another promise and
  // closure per request): security headers, client IP; then for the API the per-IP rate limit, the public up/down
  // health, the API reference and the proxy; everything else goes on to the remotes and the static shell.
  app.use(async (ctx, next) => {
    setSecurityHeaders(ctx);
    ctx.state.clientIp = resolveClientIp(
      ctx.req.socket.remoteAddress,
      ctx.get('x-forwarded-for') || undefined,
      trusted,
    );
    if (ctx.path === ARTIFACT_FRAME_PATH && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      return serveArtifactFrame(ctx);
    }
    if (!ctx.path.startsWith('/api/')) return next();
    await limitApi(ctx, async () => {
      if (ctx.path === '/api/health') {
        // Only up or down: which service is failing is for the operators' dashboards, not for the public. The
        // product version (root package.json) says which release answers, e.g. during a rollout.
        const up = await health.isUp();
        ctx.status = up ? 200 : 503;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { status: up ? 'up' : 'down', version: PRODUCT_VERSION };
        return;
      }
      if (ctx.path === API_REFERENCE_PATH || ctx.path === TRY_IT_SCRIPT_PATH) {
        return serveApiReference(ctx, () => proxyApi(ctx));
      }
      return proxyApi(ctx);
    });
  });

  app.use(remotesJson(remotes));
  if (config.REMOTES_DIR) app.use(remoteFiles(config.REMOTES_DIR));
  if (config.STATIC_DIR) app.use(staticFiles(config.STATIC_DIR));
  return app;
}

// The route table: which service owns a request, whether it needs a token, and how large its body may be. The owner
// comes from the deployment table, access and body limit from the request's endpoint definition in contracts, so the
// gateway, the services and the browser agree on one table. A path under a service's prefix with no definition needs
// a token.
interface ResolvedRoute {
  service: ServiceName;
  access: Access;
  bodyLimitBytes: number;
  /** Whether a personal API key may make this call (docs/architecture.md#personal-api-keys). */
  apiKeyAllowed: boolean;
}

// Every request asks this, so answers are kept per method and path. Only paths that belong to a service are kept,
// and the map is bounded, so scanning random URLs cannot grow it without limit.
const resolved = new Map<string, ResolvedRoute>();
const RESOLVED_MAX = 5_000;

function resolveRoute(method: string, path: string): ResolvedRoute | undefined {
  const key = `${method} ${path}`;
  const known = resolved.get(key);
  if (known) return known;
  const owner = serviceForPath(path);
  if (!owner) return undefined;
  const endpoint = findEndpoint(method, path);
  const route = {
    service: owner.service,
    access: endpoint?.access ?? 'member',
    bodyLimitBytes: BODY_LIMITS[endpoint?.bodyLimit ?? 'json'],
    apiKeyAllowed: apiKeyMayCall(endpoint ?? { method, path }),
  };
  if (resolved.size < RESOLVED_MAX) resolved.set(key, route);
  return route;
}
