// Entry point of the prompt service: its provider, NATS (credits), through the kit's startService. It keeps no data,
// so readiness checks nothing: without NATS prompt still answers, its charged calls with a 503 at once
// (the credits client in the kit's charges.ts).
import { startService, toolAppDeps } from '@act/service-kit';
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
  createApp: (context) => createApp({ ...toolAppDeps(context), provider: context.providers }),
  ready: ({ providers }) => [{ provider: providers.name }, 'prompt provider ready'],
});
