// Every call to the prompt provider (the OpenAI-compatible API or the local engines) counted on the service's
// /metrics by the kit's one observing wrapper: provider_calls_total and
// provider_call_duration_seconds{provider, operation = the tool, outcome}.
import { observeProvider, serviceMetrics, type ServiceMetrics } from '@act/service-kit';
import type { PromptProvider } from './types';

export function observedProvider(
  provider: PromptProvider,
  metrics: ServiceMetrics = serviceMetrics('prompt'),
): PromptProvider {
  return observeProvider(provider, {
    metrics,
    provider: provider.name,
    operations: {
      imageToPrompt: 'image-to-prompt',
      enhancePrompt: 'magic-enhance',
      describeImage: 'ai-describe-image',
      videoPrompt: 'image-to-video-prompt',
    },
  });
}
