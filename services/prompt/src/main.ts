// Entry point of the prompt service: parse config, connect NATS and the provider, serve, shut down gracefully.
import { connectToolService, createLogger, runService, serveFromConfig } from '@act/service-kit';
import { createApp } from './app';
import { loadPromptConfig } from './config';
import { createProvider } from './providers/select-provider';

async function main(): Promise<void> {
  const config = loadPromptConfig();
  const logger = createLogger({ name: 'prompt', level: config.LOG_LEVEL });
  const provider = createProvider(config);
  const { credits, verifier, close } = await connectToolService('prompt', config, logger);

  // No NATS check: without NATS prompt still answers, its charged calls with a 503 at once (credits-client).
  const app = createApp({ logger, verifier, credits, provider });
  await serveFromConfig(app, config, logger, [close, () => provider.close()]);
  logger.info({ provider: provider.name }, 'prompt provider ready');
}

runService('prompt', main);
