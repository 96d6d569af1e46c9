// Chat provider on any OpenAI-compatible chat-completions API (OpenRouter by default) through the `openai` SDK,
// streaming. A reply is charged per message, and a retried stream would show its words twice: only opening the stream
// is retried, when refused before it was sent or answered 429 (docs/providers.md#retries).
// An abort ends the stream without an error, so the caller checks its signal afterwards. Reasoning a model writes
// inside its answer, between <think> and </think>, is split from the answer as it streams (createThinkSplitter).
// The stream's body is read with one listener and eventsource-parser's callbacks rather than through the SDK's
// Stream and its async iterators: fewer promises and closures held per open reply (docs/architecture.md#performance).
import { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import { APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import {
  createOpenAiClient,
  observeProvider,
  openAiFailure,
  retryProviderCall,
  serviceMetrics,
  type ServiceMetrics,
} from '@act/service-kit';
import type { ChatProvider, StreamRequest } from './types';

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
 * Hands each event's data of an event stream to `onData` as it arrives (eventsource-parser reads the format);
 * resolves at the body's end, rejects when it breaks or `onData` throws (the body is then destroyed, its connection
 * let go).
 */
function readEventData(body: Readable, onData: (data: string) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let ended = false;
    const fail = (error: unknown) => {
      if (ended) return;
      ended = true;
      body.destroy();
      reject(error);
    };
    const parser = createParser({ onEvent: (event) => onData(event.data) });
    const decoder = new TextDecoder();
    body.on('data', (chunk: Buffer) => {
      if (ended) return;
      try {
        parser.feed(decoder.decode(chunk, { stream: true }));
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
      throw openAiFailure(error, 'chat-stream');
    }
  }

  return { name: 'openai', stream };
}

// Some reasoning models write their reasoning inside the answer, between <think> and </think>. This splits streamed
// content into reasoning and answer text as it arrives, holding back only what could be the start of a tag cut
// between two chunks, so the answer never shows a tag and the reasoning stays apart (shown collapsed).
const OPEN = '<think>';
const CLOSE = '</think>';

export interface ThinkSplitter {
  push(content: string): void;
  /** The stream ended: whatever was held back is plain text of the current part. */
  end(): void;
}

/** Length of the longest suffix of `text` that is a proper prefix of `tag`. */
function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length -= 1) {
    if (tag.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

export function createThinkSplitter(out: {
  text(text: string): void;
  reasoning(text: string): void;
}): ThinkSplitter {
  let inThink = false;
  let pending = '';
  let answerStarted = false;

  const emit = (part: string) => {
    if (part === '') return;
    if (inThink) {
      out.reasoning(part);
      return;
    }
    // The blank lines a model puts after </think> are not the answer's start.
    const text = answerStarted ? part : part.replace(/^\s+/, '');
    if (text === '') return;
    answerStarted = true;
    out.text(text);
  };

  return {
    push(content) {
      pending += content;
      for (;;) {
        const tag = inThink ? CLOSE : OPEN;
        const at = pending.indexOf(tag);
        if (at >= 0) {
          emit(pending.slice(0, at));
          pending = pending.slice(at + tag.length);
          inThink = !inThink;
          continue;
        }
        const keep = partialTagLength(pending, tag);
        emit(pending.slice(0, pending.length - keep));
        pending = pending.slice(pending.length - keep);
        return;
      }
    },
    end() {
      emit(pending);
      pending = '';
    },
  };
}
