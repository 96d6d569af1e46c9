// Chat provider on any OpenAI-compatible chat-completions API (OpenRouter by default) through the `openai` SDK,
// streaming. A reply is charged per message, and a retried stream would show its words twice: only opening the stream
// is retried, when refused before it was sent or answered 429 (docs/providers.md#retries).
// An abort ends the stream without an error, so the caller checks its signal afterwards.
// The stream's body is read by one listener here (readEventData), not through the SDK's Stream: its nested async
// generators (about 15 per open reply with their promises and closures) were most of what an open reply held
// (docs/architecture.md#performance).
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  createOpenAiClient,
  observeProvider,
  providerStatusOf,
  retryProviderCall,
  serviceMetrics,
  type ServiceMetrics,
} from '@act/service-kit';
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
  /** Where each stream is counted (provider_calls_total, operation chat-stream); the chat service's by default. */
  metrics?: ServiceMetrics;
}

/**
 * What a streamed delta may carry beyond the SDK's types: OpenRouter's `reasoning` (and some hosts'
 * `reasoning_content`), and web search `annotations` (on the delta, or on the choice with some providers).
 */
interface DeltaWithExtras {
  content?: string | null;
  reasoning?: string | null;
  reasoning_content?: string | null;
  annotations?: unknown;
}

interface UrlCitation {
  type?: string;
  url_citation?: { url?: unknown; title?: unknown; content?: unknown };
}

/**
 * The web search plugin (docs/providers.md#openrouter): one adapter point if OpenRouter's server tool replaces it.
 */
const WEB_SEARCH_PLUGINS = [{ id: 'web' }];
const SNIPPET_MAX = 300;

/**
 * Hands each `data:` payload of an event stream (lines ending in LF or CRLF; comments and other fields skipped) to
 * `onData` as it arrives; resolves at the body's end, rejects when it breaks or `onData` throws (the body is then
 * destroyed, its connection let go).
 */
function readEventData(body: Readable, onData: (data: string) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const decoder = new StringDecoder('utf8');
    let pending = '';
    let data: string[] = [];
    let ended = false;
    const fail = (error: unknown) => {
      if (ended) return;
      ended = true;
      body.destroy();
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      if (ended) return;
      pending += decoder.write(chunk);
      let at: number;
      try {
        while ((at = pending.indexOf('\n')) >= 0) {
          const line = pending.slice(0, pending[at - 1] === '\r' ? at - 1 : at);
          pending = pending.slice(at + 1);
          if (line === '') {
            // An event ends at a blank line.
            if (data.length > 0) onData(data.join('\n'));
            data = [];
          } else if (line.startsWith('data:')) {
            data.push(line.slice(line[5] === ' ' ? 6 : 5));
          }
        }
      } catch (error) {
        fail(error);
      }
    });
    body.once('end', () => {
      ended = true;
      resolve();
    });
    body.once('error', fail);
    // Closed before its end without an error (the connection was cut): the stream is incomplete.
    body.once('close', () => fail(new TypeError('terminated: the provider closed the connection')));
  });
}

/** Adds the url_citation annotations found to `into` (deduplicated by url); true when one was new. */
function collectCitations(
  annotations: unknown,
  into: Map<string, { url: string; title?: string; quote?: string }>,
): boolean {
  if (!Array.isArray(annotations)) return false;
  let added = false;
  for (const annotation of annotations as UrlCitation[]) {
    const citation = annotation?.url_citation;
    if (annotation?.type !== 'url_citation' || !citation || typeof citation.url !== 'string') continue;
    if (!/^https?:\/\//i.test(citation.url) || into.has(citation.url)) continue;
    const title =
      typeof citation.title === 'string' && citation.title.trim() ? citation.title.trim() : undefined;
    const content = typeof citation.content === 'string' ? citation.content.trim() : '';
    into.set(citation.url, {
      url: citation.url,
      ...(title ? { title } : {}),
      ...(content ? { quote: content.slice(0, SNIPPET_MAX) } : {}),
    });
    added = true;
  }
  return added;
}

export function createOpenAiChatProvider(options: OpenAiChatProviderOptions): ChatProvider {
  // One client for every reply, its requests on shared keep-alive connections (see node-http-fetch).
  const client = createOpenAiClient(options);

  // One provider call per reply, until its stream ends: ok, aborted (our signal) or error.
  const observed = observeProvider(
    { stream: streamReply },
    {
      metrics: options.metrics ?? serviceMetrics('chat'),
      provider: 'openai',
      operations: { stream: 'chat-stream' },
    },
  );
  // A reply stopped before it started asks nothing of the provider, and is not counted.
  const stream = (request: StreamRequest): Promise<void> =>
    request.signal.aborted ? Promise.resolve() : observed.stream(request);

  async function streamReply({
    model,
    messages,
    signal,
    onText,
    onReasoning,
    webSearch,
    onCitations,
  }: StreamRequest): Promise<void> {
    const splitter = createThinkSplitter({ text: onText, reasoning: onReasoning });
    const citations = new Map<string, { url: string; title?: string; quote?: string }>();
    try {
      // Not idempotent: a stream the provider accepted is never opened twice.
      const response = await retryProviderCall(
        () =>
          client.chat.completions
            .create(
              {
                model,
                messages: messages as ChatCompletionMessageParam[],
                stream: true,
                max_tokens: options.maxOutputTokens ?? 4_000,
                // OpenRouter-only body field, forwarded as sent (not in the SDK's types).
                ...(webSearch ? ({ plugins: WEB_SEARCH_PLUGINS } as object) : {}),
              },
              { signal },
            )
            .asResponse(),
        { idempotent: false, signal },
      );
      // node-http-fetch gives an event stream's Node response as the body; any other body is a web stream.
      const { body } = response as unknown as { body: Readable | ReadableStream<Uint8Array> | null };
      if (!body) throw new TypeError('the provider answered without a body');
      const readable = body instanceof Readable ? body : Readable.fromWeb(body as never);
      let done = false;
      await readEventData(readable, (data) => {
        // As the SDK's Stream reads it: nothing after [DONE], an error object fails the stream.
        if (done || data.startsWith('[DONE]')) {
          done = true;
          return;
        }
        const chunk = JSON.parse(data) as {
          error?: object;
          choices?: Array<{
            delta?: DeltaWithExtras;
            annotations?: unknown;
            message?: { annotations?: unknown };
          }>;
        };
        if (chunk?.error) throw new APIError(undefined, chunk.error, undefined, response.headers);
        // A usage-only chunk may come with no choices at all.
        const choice = chunk?.choices?.[0];
        const delta = choice?.delta;
        // Web search results may come on the delta, on the choice, or in annotation-only chunks.
        const added = [delta?.annotations, choice?.annotations, choice?.message?.annotations].map((found) =>
          collectCitations(found, citations),
        );
        if (added.some(Boolean)) onCitations?.([...citations.values()]);
        if (!delta) return;
        const reasoning = delta.reasoning ?? delta.reasoning_content;
        if (reasoning) onReasoning(reasoning);
        if (delta.content) splitter.push(delta.content);
      });
      splitter.end();
    } catch (error) {
      splitter.end();
      // Stopped by our own signal: not a provider failure.
      if (signal.aborted) return;
      const detail = error instanceof APIError ? ` (HTTP ${error.status ?? 'connection error'})` : '';
      const status = providerStatusOf(error);
      throw new ProviderError(`The provider stream failed${detail}`, 'upstream', {
        provider: 'openai',
        operation: 'chat-stream',
        ...(status !== undefined ? { status } : {}),
        cause: error,
      });
    }
  }

  return { name: 'openai', stream };
}
