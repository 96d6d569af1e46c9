// The real gateway process for the benchmark, on a free port (reports READY <port> like the other bench servers).
import { createJwtVerifier, createLogger, startHttpServer } from '@act/service-kit';
import {
  createGatewayApp,
  createIpRateLimiter,
  createSystemHealth,
  loadGatewayConfig,
  opsUrlsOf,
  upstreamsOf,
} from '@act/gateway';

const config = loadGatewayConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
const verifier = createJwtVerifier({
  jwksUrl: config.JWKS_URL,
  issuer: config.JWT_ISSUER,
  audience: config.JWT_AUDIENCE,
});
const rateLimit = createIpRateLimiter({ pointsPerWindow: config.RATE_LIMIT_PER_MINUTE, windowSeconds: 60 });
const app = createGatewayApp({
  config,
  upstreams: upstreamsOf(config),
  logger,
  verifier,
  rateLimiter: rateLimit.limiter,
  health: createSystemHealth({ opsUrls: opsUrlsOf(config), cacheMs: config.HEALTH_CACHE_MS }),
});
const running = await startHttpServer(app, { port: 0, host: '127.0.0.1', logger, handleSignals: true });
console.log(`READY ${running.port}`);
