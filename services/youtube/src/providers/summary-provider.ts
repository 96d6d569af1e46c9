// Summaries on any OpenAI-compatible chat-completions API (OpenRouter by default) through the `openai` SDK, streamed
// like chat replies. No SDK retries: a retried stream would show its words twice.
import { APIError } from 'openai';
import { createOpenAiClient, observeProviderCall, serviceMetrics } from '@act/service-kit';

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

export class SummaryProviderError extends Error {}

export interface OpenAiSummaryOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  timeoutMs: number;
  appUrl?: string;
}

export function createOpenAiSummaryProvider(options: OpenAiSummaryOptions): SummaryProvider {
  const client = createOpenAiClient(options);
  const metrics = serviceMetrics('youtube');
  return {
    name: 'openai',
    // One provider call per summary, until its stream ends (provider openai, operation summary-stream).
    stream: (request) =>
      observeProviderCall(
        metrics,
        { provider: 'openai', operation: 'summary-stream', signal: request.signal },
        () => streamSummary(request),
      ),
  };

  async function streamSummary({ system, user, signal, onText }: SummaryRequest): Promise<void> {
    try {
      const chunks = await client.chat.completions.create(
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
      );
      for await (const chunk of chunks) {
        const text = chunk.choices?.[0]?.delta?.content;
        if (text) onText(text);
      }
    } catch (error) {
      if (signal.aborted) throw error;
      const status = error instanceof APIError ? ` (HTTP ${error.status ?? 'connection error'})` : '';
      throw new SummaryProviderError(`The summary stream failed${status}`, { cause: error });
    }
    if (signal.aborted) throw signal.reason;
  }
}
