// Identity process: parse config, wire dependencies, listen, and shut down cleanly on SIGTERM/SIGINT.
import { createLogger, runService, startHttpServer } from '@act/service-kit';
import { createApp } from './app';
import { loadIdentityConfig } from './config';
import { startIdentityRuntime } from './runtime';

runService('identity', async () => {
  const config = loadIdentityConfig();
  const logger = createLogger({ name: 'identity', level: config.LOG_LEVEL });
  const runtime = await startIdentityRuntime(config, logger);
  await startHttpServer(createApp(runtime.deps), {
    port: config.PORT,
    host: config.HOST,
    opsPort: config.OPS_PORT,
    logger,
    graceMs: config.SHUTDOWN_GRACE_MS,
    handleSignals: true,
    onClose: [runtime.close],
  });
});
