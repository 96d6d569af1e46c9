// Entry point of the prompt service: parse config, connect NATS and the provider, serve, shut down gracefully.
import {
  connectNats,
  createCreditsClient,
  createJwtVerifier,
  createLogger,
  runService,
  startHttpServer,
  startRevocationWatcher,
} from '@act/service-kit';
import { createApp } from './app';
import { loadPromptConfig } from './config';
import { createProvider } from './providers/select-provider';

async function main(): Promise<void> {
  const config = loadPromptConfig();
  const logger = createLogger({ name: 'prompt', level: config.LOG_LEVEL });
  const provider = createProvider(config);
  const nc = await connectNats({
    url: config.NATS_URL,
    name: 'prompt',
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
  });
  const credits = createCreditsClient({
    nc,
    namespace: config.NATS_NAMESPACE,
    timeoutMs: config.CREDITS_TIMEOUT_MS,
    logger,
  });
  // Signed-out sessions and changed passwords end access tokens at once (identity announces them over NATS).
  const revocations = await startRevocationWatcher({ nc, namespace: config.NATS_NAMESPACE, logger });
  const verifier = createJwtVerifier({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    revocations: revocations.list,
  });

  // No NATS check: without NATS prompt still answers, its charged calls with a 503 at once (credits-client).
  const app = createApp({ logger, verifier, credits, provider });
  await startHttpServer(app, {
    port: config.PORT,
    host: config.HOST,
    opsPort: config.OPS_PORT,
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    handleSignals: true,
    onClose: [async () => revocations.stop(), () => nc.drain(), () => provider.close()],
  });
  logger.info({ provider: provider.name }, 'prompt provider ready');
}

runService('prompt', main);
