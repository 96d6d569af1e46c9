// Chat provider on any OpenAI-compatible chat-completions API (OpenRouter by default) through the `openai` SDK,
// streaming. No SDK retries: a reply is charged per message, and a retried stream would show its words twice.
// An abort ends the SDK's `for await` without an error, so the caller checks its signal afterwards.
import { APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { createOpenAiClient } from '@act/service-kit';
import { createThinkSplitter } from './think-splitter';
import { ProviderError, type ChatProvider, type StreamRequest } from './types';

export interface OpenAiChatProviderOptions {
  apiKey: string;
  baseUrl: string;
  /** Budget of one whole streamed request. */
  timeoutMs: number;
  maxOutputTokens?: number;
  /** OpenRouter attribution headers (optional; ignored by other endpoints). */
  appUrl?: string;
  appTitle?: string;
}

/** What a streamed delta may carry beyond the SDK's types: OpenRouter's `reasoning` (and some hosts' `reasoning_content`). */
interface DeltaWithReasoning {
  content?: string | null;
  reasoning?: string | null;
  reasoning_content?: string | null;
}

export function createOpenAiChatProvider(options: OpenAiChatProviderOptions): ChatProvider {
  // One client for every reply, its requests on shared keep-alive connections (see node-http-fetch).
  const client = createOpenAiClient(options);

  async function stream({ model, messages, signal, onText, onReasoning }: StreamRequest): Promise<void> {
    if (signal.aborted) return;
    const splitter = createThinkSplitter({ text: onText, reasoning: onReasoning });
    try {
      const chunks = await client.chat.completions.create(
        {
          model,
          messages: messages as ChatCompletionMessageParam[],
          stream: true,
          max_tokens: options.maxOutputTokens ?? 4_000,
        },
        { signal },
      );
      for await (const chunk of chunks) {
        // A usage-only chunk may come with no choices at all.
        const delta = chunk.choices?.[0]?.delta as DeltaWithReasoning | undefined;
        if (!delta) continue;
        const reasoning = delta.reasoning ?? delta.reasoning_content;
        if (reasoning) onReasoning(reasoning);
        if (delta.content) splitter.push(delta.content);
      }
      splitter.end();
    } catch (error) {
      splitter.end();
      // Stopped by our own signal: not a provider failure.
      if (signal.aborted) return;
      const status = error instanceof APIError ? ` (HTTP ${error.status ?? 'connection error'})` : '';
      throw new ProviderError(`The provider stream failed${status}`, 'upstream', { cause: error });
    }
  }

  return { name: 'openai', stream };
}
