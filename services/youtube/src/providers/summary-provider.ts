// Summaries on any OpenAI-compatible chat-completions API (OpenRouter by default) through the `openai` SDK, streamed
// like chat replies. A retried stream would show its words twice: only opening it is retried, when refused before it
// was sent or answered 429 (docs/providers.md#retries).
import {
  createOpenAiClient,
  observeProvider,
  openAiFailure,
  retryProviderCall,
  serviceMetrics,
} from '@act/service-kit';

export interface SummaryRequest {
  system: string;
  user: string;
  signal: AbortSignal;
  onText(text: string): void;
}

export interface SummaryProvider {
  readonly name: string;
  stream(request: SummaryRequest): Promise<void>;
}

export interface OpenAiSummaryOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  appUrl?: string;
}

export function createOpenAiSummaryProvider(options: OpenAiSummaryOptions): SummaryProvider {
  const client = createOpenAiClient(options);
  // One provider call per summary, until its stream ends (provider openai, operation summary-stream).
  return observeProvider(
    { name: 'openai', stream: streamSummary },
    { metrics: serviceMetrics('youtube'), provider: 'openai', operations: { stream: 'summary-stream' } },
  );

  async function streamSummary({ system, user, signal, onText }: SummaryRequest): Promise<void> {
    try {
      // Not idempotent: a stream the provider accepted is never opened twice.
      const chunks = await retryProviderCall(
        () =>
          client.chat.completions.create(
            {
              model: options.model,
              messages: [
                { role: 'system', content: system },
                { role: 'user', content: user },
              ],
              stream: true,
              max_tokens: 1_500,
            },
            { signal },
          ),
        { idempotent: false, signal },
      );
      for await (const chunk of chunks) {
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) onText(text);
      }
    } catch (error) {
      if (signal.aborted) throw error;
      throw openAiFailure(error, 'summary-stream');
    }
    if (signal.aborted) throw signal.reason;
  }
}
