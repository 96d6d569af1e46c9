// Entry point of the prompt service: its provider, NATS (credits), through the kit's startService. It keeps no data,
// so readiness checks nothing: without NATS prompt still answers, its charged calls with a 503 at once
// (credits-client).
import { startService } from '@act/service-kit';
import { createApp } from './app';
import { loadPromptConfig } from './config';
import { createProvider } from './providers/select-provider';

startService({
  name: 'prompt',
  loadConfig: loadPromptConfig,
  providers: ({ config, onClose }) => {
    const provider = createProvider(config);
    onClose(() => provider.close());
    return provider;
  },
  createApp: ({ logger, verifier, credits, providers, readiness }) =>
    createApp({ logger, verifier, credits, provider: providers, readiness }),
  ready: ({ providers }) => [{ provider: providers.name }, 'prompt provider ready'],
});
