// What the chat service needs from a model provider: one streamed completion, with text and reasoning delivered as
// they arrive and an AbortSignal that stops the upstream request.

export type ProviderContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'file'; file: { filename: string; file_data: string } };

export interface ProviderMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ProviderContentPart[];
}

export interface StreamRequest {
  /** The upstream model id. */
  model: string;
  messages: ProviderMessage[];
  /** Aborting it closes the upstream connection (Stop, the reply's time limit, a shutdown past its grace). */
  signal: AbortSignal;
  onText(text: string): void;
  onReasoning(text: string): void;
  /** Turns on the provider's own web search (OpenRouter's web plugin); its results come to onCitations. */
  webSearch?: boolean;
  /** The web search results so far (deduplicated by url, in the provider's order), each time one is added. */
  onCitations?(citations: Array<{ url: string; title?: string; quote?: string }>): void;
}

export interface ChatProvider {
  readonly name: string;
  /**
   * Streams one completion. Resolves when the stream ended, normally or because the signal aborted it (check the
   * signal); rejects with a ProviderError when the provider failed.
   */
  stream(request: StreamRequest): Promise<void>;
}

/** What a provider throws when it failed: the kit's one type (docs/providers.md#retries). */
export { ProviderError } from '@act/service-kit';
