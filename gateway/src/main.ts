// Gateway process: parse config, wire the JWT verifier and rate limiter, listen, shut down cleanly.
import {
  awaitSharedCounters,
  createJwtVerifier,
  createLogger,
  createRevocationList,
  runService,
  serveFromConfig,
  startTracing,
} from '@act/service-kit';
import { createGatewayApp } from './app';
import { loadGatewayConfig, opsUrlsOf, upstreamsOf } from './config';
import { createSystemHealth } from './health';
import { remotesSource } from './remotes-config';
import { createIpRateLimiter } from './rate-limit';
import { followRevocations } from './revocations';

runService('gateway', async () => {
  const config = loadGatewayConfig();
  const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL });
  // First, before the Redis client and the app are made (docs/operations.md#traces); nothing loaded when off.
  const stopTracing = await startTracing('gateway', { logger });
  // Sign-out and password changes end access tokens at once: identity announces them over NATS.
  const revocations = followRevocations({ config, list: createRevocationList(), logger });
  const verifier = createJwtVerifier({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    revocations: revocations.list,
  });
  const rateLimit = createIpRateLimiter({
    pointsPerWindow: config.RATE_LIMIT_PER_MINUTE,
    windowSeconds: 60,
    redisUrl: config.REDIS_URL,
  });
  const upstreams = upstreamsOf(config);
  const health = createSystemHealth({ opsUrls: opsUrlsOf(config), cacheMs: config.HEALTH_CACHE_MS });
  // Read once at start (a bad REMOTES_CONFIG stops the gateway here); k8s rolls the gateway when its ConfigMap changes.
  const remotes = remotesSource(config);
  const app = createGatewayApp({
    remotes,
    config,
    upstreams,
    logger,
    verifier,
    rateLimiter: rateLimit.limiter,
    health,
  });
  await revocations.started;
  await awaitSharedCounters(rateLimit, logger);
  await serveFromConfig(app, config, logger, [
    rateLimit.close,
    revocations.close,
    ...(stopTracing ? [stopTracing] : []),
  ]);
  logger.info(
    { upstreams: Object.keys(upstreams), remotes: remotes.description, remoteOrigins: remotes.origins },
    'gateway ready',
  );
});
