// Identity process: parse config, wire dependencies, listen, and shut down cleanly on SIGTERM/SIGINT.
import { createLogger, runService, serveFromConfig } from '@act/service-kit';
import { createApp } from './app';
import { loadIdentityConfig } from './config';
import { startIdentityRuntime } from './runtime';

runService('identity', async () => {
  const config = loadIdentityConfig();
  const logger = createLogger({ name: 'identity', level: config.LOG_LEVEL });
  const runtime = await startIdentityRuntime(config, logger);
  await serveFromConfig(createApp(runtime.deps), config, logger, [runtime.close]);
});
