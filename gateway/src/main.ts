// Gateway process: parse config, wire the JWT verifier and rate limiter, listen, shut down cleanly.
import { createJwtVerifier, createLogger, runService, startHttpServer } from '@act/service-kit';
import { createGatewayApp } from './app';
import { loadGatewayConfig, upstreamsOf } from './config';
import { createIpRateLimiter } from './rate-limit';

runService('gateway', async () => {
  const config = loadGatewayConfig();
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  const verifier = createJwtVerifier({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
  });
  const rateLimit = createIpRateLimiter({
    pointsPerWindow: config.RATE_LIMIT_PER_MINUTE,
    windowSeconds: 60,
    redisUrl: config.REDIS_URL,
  });
  const upstreams = upstreamsOf(config);
  const app = createGatewayApp({ config, upstreams, logger, verifier, rateLimiter: rateLimit.limiter });
  await startHttpServer(app, {
    port: config.PORT,
    host: config.HOST,
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    handleSignals: true,
    onClose: [rateLimit.close],
  });
  logger.info({ upstreams: Object.keys(upstreams) }, 'gateway ready');
});
