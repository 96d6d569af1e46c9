// The streaming adapter against the fake OpenAI-compatible server: deltas and reasoning as they come, an abort that
// closes the upstream connection and ends quietly, failures as ProviderError; then the <think> splitter on its own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isTimeoutError } from '@act/service-kit';
import { startFakeOpenAi, type FakeOpenAi } from '@act/service-kit/testing';
import { createOpenAiChatProvider, createThinkSplitter } from './openai-provider';
import { ProviderError, type ChatProvider } from './types';

let fake: FakeOpenAi;
let provider: ChatProvider;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  provider = createOpenAiChatProvider({ apiKey: 'sk-test', baseUrl: fake.baseUrl, timeoutMs: 10_000 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function run(signal = new AbortController().signal, onText?: (text: string) => void) {
  const out = { text: [] as string[], reasoning: [] as string[] };
  await provider.stream({
    model: 'up/model',
    messages: [{ role: 'user', content: 'hi' }],
    signal,
    onText: (t) => {
      out.text.push(t);
      onText?.(t);
    },
    onReasoning: (t) => out.reasoning.push(t),
  });
  return out;
}

describe('openai chat provider', () => {
  it('streams answer and reasoning deltas as they arrive, without SDK retries', async () => {
    fake.script({ kind: 'stream', reasoning: ['r1', 'r2'], chunks: ['a', 'b', 'c'] });
    expect(await run()).toEqual({ reasoning: ['r1', 'r2'], text: ['a', 'b', 'c'] });
    expect(fake.requests[0]?.body).toMatchObject({ model: 'up/model', stream: true });

    fake.script({ kind: 'error', status: 500 });
    await expect(run()).rejects.toBeInstanceOf(ProviderError);
    expect(fake.requests).toHaveLength(2);
  });

  it('sends the key and attribution the SDK sent, and fails as a timeout when the headers do not come in time', async () => {
    fake.script({ kind: 'stream', chunks: ['a'] });
    await run();
    expect(fake.requests[0]?.headers).toMatchObject({
      authorization: 'Bearer sk-test',
      'content-type': 'application/json',
      'x-title': 'AI Creative Toolbox',
    });

    const impatient = createOpenAiChatProvider({ apiKey: 'sk-test', baseUrl: fake.baseUrl, timeoutMs: 50 });
    fake.script({ kind: 'hang', delayMs: 1_000 });
    const failed = await impatient
      .stream({
        model: 'up/model',
        messages: [{ role: 'user', content: 'hi' }],
        signal: new AbortController().signal,
        onText: () => undefined,
        onReasoning: () => undefined,
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ProviderError);
    expect(isTimeoutError((failed as ProviderError).cause)).toBe(true);
  });

  it('opens the stream again after a 429 (docs/providers.md#retries), never after a 5xx', async () => {
    fake.script({ kind: 'error', status: 429, retryAfter: '0' }, { kind: 'stream', chunks: ['ok'] });
    expect((await run()).text).toEqual(['ok']);
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.script({ kind: 'error', status: 503 }, { kind: 'stream', chunks: ['never asked'] });
    await expect(run()).rejects.toMatchObject({ name: 'ProviderError', status: 503, provider: 'openai' });
    expect(fake.requests).toHaveLength(1);
  });

  it('fails with a ProviderError when the stream breaks after some text', async () => {
    fake.script({ kind: 'stream', chunks: ['a', 'b'], failAfter: { chunks: 1, how: 'error' } });
    await expect(run()).rejects.toBeInstanceOf(ProviderError);
    fake.script({ kind: 'stream', chunks: ['a', 'b'], failAfter: { chunks: 1, how: 'cut' } });
    await expect(run()).rejects.toBeInstanceOf(ProviderError);
  });

  it('ends quietly when aborted, and the upstream sees the connection close', async () => {
    fake.script({ kind: 'stream', chunks: Array.from({ length: 50 }, () => 'w '), chunkDelayMs: 50 });
    const controller = new AbortController();
    const out = await run(controller.signal, () => controller.abort());
    expect(out.text).toEqual(['w ']);
    const closed = await fake.whenClientCloses();
    expect(closed.chunksSent).toBeLessThan(50);
  });

  it('asks for web search with the web plugin and reports its url_citation sources once each', async () => {
    fake.script({
      kind: 'stream',
      chunks: ['Answer [1]', ' and [2].'],
      annotations: [
        { url: 'https://a.example/', title: 'A', content: 'snippet a' },
        { url: 'https://a.example/' },
        { url: 'javascript:alert(1)', title: 'not a web page' },
        { url: 'https://b.example/' },
      ],
    });
    const reported: unknown[] = [];
    const text: string[] = [];
    await provider.stream({
      model: 'up/model',
      messages: [{ role: 'user', content: 'news?' }],
      signal: new AbortController().signal,
      webSearch: true,
      onText: (t) => text.push(t),
      onReasoning: () => undefined,
      onCitations: (list) => reported.push(list),
    });
    expect(fake.requests[0]?.body.plugins).toEqual([{ id: 'web' }]);
    expect(text.join('')).toBe('Answer [1] and [2].');
    expect(reported).toEqual([
      [{ url: 'https://a.example/', title: 'A', quote: 'snippet a' }, { url: 'https://b.example/' }],
    ]);
  });
});

function split(chunks: string[]) {
  const out = { text: '', reasoning: '' };
  const splitter = createThinkSplitter({
    text: (t) => (out.text += t),
    reasoning: (t) => (out.reasoning += t),
  });
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return out;
}

describe('think splitter', () => {
  it('keeps <think> blocks apart from the answer, even with tags cut between chunks', () => {
    expect(split(['<thi', 'nk>first ', 'thought</th', 'ink>\n\nThe ', 'answer.'])).toEqual({
      reasoning: 'first thought',
      text: 'The answer.',
    });
    expect(split(['<think>a</think>', 'b<think>c</think>d'])).toEqual({ reasoning: 'ac', text: 'bd' });
  });

  it('passes plain text through, angle brackets included, and flushes a held-back tag prefix at the end', () => {
    expect(split(['x < y and ', 'a <b> tag'])).toEqual({ reasoning: '', text: 'x < y and a <b> tag' });
    expect(split(['ends with <thi'])).toEqual({ reasoning: '', text: 'ends with <thi' });
    expect(split(['<think>never closed'])).toEqual({ reasoning: 'never closed', text: '' });
  });
});
