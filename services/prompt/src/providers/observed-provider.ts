// Every call to the prompt provider (the OpenAI-compatible API or the local engines) counted on the service's
// /metrics: provider_calls_total and provider_call_duration_seconds{provider, operation = the tool, outcome}.
import { observeProviderCall, serviceMetrics, type ServiceMetrics } from '@act/service-kit';
import type { PromptProvider, WorkOrigin } from './types';

export function observedProvider(
  provider: PromptProvider,
  metrics: ServiceMetrics = serviceMetrics('prompt'),
): PromptProvider {
  const observe =
    <I>(operation: string, call: (input: I, origin: WorkOrigin) => Promise<string>) =>
    (input: I, origin: WorkOrigin) =>
      observeProviderCall(metrics, { provider: provider.name, operation, signal: origin.signal }, () =>
        call(input, origin),
      );
  return {
    name: provider.name,
    imageToPrompt: observe('image-to-prompt', (image, origin) => provider.imageToPrompt(image, origin)),
    enhancePrompt: observe('magic-enhance', (text, origin) => provider.enhancePrompt(text, origin)),
    describeImage: observe('ai-describe-image', (input, origin) => provider.describeImage(input, origin)),
    videoPrompt: observe('image-to-video-prompt', (input, origin) => provider.videoPrompt(input, origin)),
    admit: (origin) => provider.admit(origin),
    close: () => provider.close(),
  };
}
