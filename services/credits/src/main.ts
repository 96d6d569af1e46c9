// Credits service entry point: parse config, migrate, connect, start the NATS workers and the HTTP server.
import {
  connectDatabase,
  connectNats,
  createJwtVerifier,
  createLogger,
  runService,
  serveFromConfig,
  startRevocationWatcher,
} from '@act/service-kit';
import { createApp } from './app';
import { systemClock } from './clock';
import { loadCreditsConfig } from './config';
import { createCreditsStore } from './db/credits-store';
import { migrateCreditsDatabase } from './db/migrate';
import { createPaddleClient } from './providers/paddle';
import { startCreditsWorkers } from './workers';

async function main(): Promise<void> {
  const config = loadCreditsConfig();
  const logger = createLogger({ name: 'credits', level: config.LOG_LEVEL });
  const sql = connectDatabase(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX });
  const applied = await migrateCreditsDatabase(sql);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const nc = await connectNats({
    url: config.NATS_URL,
    name: 'credits',
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
  });
  const paddle = createPaddleClient({ apiUrl: config.PADDLE_API_URL, apiKey: config.PADDLE_API_KEY });
  // Signed-out sessions and changed passwords end access tokens at once (identity announces them over NATS).
  const revocations = await startRevocationWatcher({ nc, namespace: config.NATS_NAMESPACE, logger });
  const verifier = createJwtVerifier({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    revocations: revocations.list,
  });
  const store = createCreditsStore(sql);
  const deps = { config, sql, store, nc, logger, clock: systemClock, paddle, verifier };
  const workers = await startCreditsWorkers(deps);
  await serveFromConfig(createApp(deps), config, logger, [
    async () => revocations.stop(),
    () => workers.stop(),
    () => nc.drain(),
    () => sql.end({ timeout: 5 }),
  ]);
}

runService('credits', main);
