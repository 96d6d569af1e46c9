import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, makeJpeg, startFakeOpenAi } from '@act/service-kit/testing';
import { cleanModelText, createOpenAiProvider, type OpenAiProviderOptions } from './openai-provider';
import type { ImageInput } from '@act/service-kit/media';
import { ProviderError } from './types';

const MODELS = {
  imageToPrompt: 'vision/image-to-prompt',
  magicEnhance: 'text/magic-enhance',
  describeImage: 'vision/describe',
  videoPrompt: 'vision/video',
};

let fake: FakeOpenAi;
let image: ImageInput;

function provider(overrides: Partial<OpenAiProviderOptions> = {}) {
  return createOpenAiProvider({
    apiKey: 'sk-test',
    baseUrl: fake.baseUrl,
    models: MODELS,
    timeoutMs: 2_000,
    retryDelayMs: 10,
    ...overrides,
  });
}

function userParts(index = 0) {
  const content = fake.requests[index]?.body.messages.find((m) => m.role === 'user')?.content;
  if (!Array.isArray(content)) throw new Error('expected a multi-part user message');
  return content;
}

function systemText(index = 0): string {
  const content = fake.requests[index]?.body.messages.find((m) => m.role === 'system')?.content;
  return typeof content === 'string' ? content : '';
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const bytes = await makeJpeg({ width: 20, height: 10 });
  image = { bytes, mime: 'image/jpeg', width: 20, height: 10 };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setFallback({ kind: 'text', text: 'A generated answer.' });
});

const origin = { callerKey: 'user:tester' };

describe('openai provider', () => {
  it('sends the image as an image_url part with its proven type, to the vision model of the tool', async () => {
    fake.script({ kind: 'text', text: 'A misty forest at dawn, volumetric light' });
    const out = await provider().imageToPrompt(image, origin);
    expect(out).toBe('A misty forest at dawn, volumetric light');
    const request = fake.requests[0];
    expect(request?.body.model).toBe('vision/image-to-prompt');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    const parts = userParts();
    expect(parts[0]).toMatchObject({ type: 'text' });
    expect(parts[1]?.type).toBe('image_url');
    expect(parts[1]?.image_url?.url).toBe(`data:image/jpeg;base64,${image.bytes.toString('base64')}`);
    expect(systemText()).toContain('text-to-image');
  });

  it('enhances text with the text model and a plain user message', async () => {
    await provider().enhancePrompt('a cat', origin);
    const request = fake.requests[0];
    expect(request?.body.model).toBe('text/magic-enhance');
    expect(request?.body.messages.at(-1)).toEqual({ role: 'user', content: 'a cat' });
  });

  it('puts the language and every chosen analysis task into the instructions', async () => {
    await provider().describeImage(
      { image, language: 'Japanese', tasks: ['extract-text', 'color-light'] },
      origin,
    );
    const system = systemText();
    expect(fake.requests[0]?.body.model).toBe('vision/describe');
    expect(system).toContain('Write the whole answer in Japanese.');
    expect(system).toContain('Extract text');
    expect(system).toContain('Transcribe every piece of readable text');
    expect(system).toContain('Colour and lighting');
    expect(system).not.toContain('Describe the person');
  });

  it('puts camera motion, style, language and the action into the video instructions', async () => {
    await provider().videoPrompt(
      {
        image,
        language: 'Spanish',
        cameraMotion: 'dolly-forward',
        videoStyle: 'claymation',
        actionDescription: 'the dog jumps into the lake',
      },
      origin,
    );
    expect(fake.requests[0]?.body.model).toBe('vision/video');
    expect(systemText()).toContain('Dolly Forward');
    expect(systemText()).toContain('Claymation');
    expect(systemText()).toContain('Write the prompt in Spanish.');
    expect(userParts()[0]?.text).toContain('the dog jumps into the lake');
  });

  it('retries once on 429 and on 5xx, then succeeds', async () => {
    fake.script({ kind: 'error', status: 429, retryAfter: '0' }, { kind: 'text', text: 'second time lucky' });
    expect(await provider().enhancePrompt('x', origin)).toBe('second time lucky');
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.script({ kind: 'error', status: 503 }, { kind: 'text', text: 'recovered' });
    expect(await provider().enhancePrompt('x', origin)).toBe('recovered');
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up after the one retry', async () => {
    fake.script(
      { kind: 'error', status: 500 },
      { kind: 'error', status: 502 },
      { kind: 'text', text: 'never asked' },
    );
    const error = await failureOf(provider().enhancePrompt('x', origin));
    expect(error.kind).toBe('upstream');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a client error', async () => {
    fake.script({ kind: 'error', status: 400 }, { kind: 'text', text: 'never asked' });
    await failureOf(provider().enhancePrompt('x', origin));
    expect(fake.requests).toHaveLength(1);
  });

  it('does not wait for a Retry-After longer than it allows', async () => {
    fake.script({ kind: 'error', status: 429, retryAfter: '120' }, { kind: 'text', text: 'never asked' });
    await failureOf(provider({ maxRetryAfterMs: 1_000 }).enhancePrompt('x', origin));
    expect(fake.requests).toHaveLength(1);
  });

  it('times out, and does not retry a timeout', async () => {
    fake.script({ kind: 'hang', delayMs: 1_500 }, { kind: 'text', text: 'never asked' });
    const started = Date.now();
    const error = await failureOf(provider({ timeoutMs: 300 }).enhancePrompt('x', origin));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(fake.requests).toHaveLength(1);
  });

  it('stops the call when its caller goes away, and does not retry it', async () => {
    fake.script({ kind: 'hang', delayMs: 1_500 }, { kind: 'text', text: 'never asked' });
    const stop = new AbortController();
    const started = Date.now();
    const call = provider({ timeoutMs: 5_000 }).enhancePrompt('x', { ...origin, signal: stop.signal });
    setTimeout(() => stop.abort(new DOMException('The client closed the connection', 'AbortError')), 100);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('treats an empty answer as a failure', async () => {
    fake.script({ kind: 'text', text: '   ' });
    expect((await failureOf(provider().enhancePrompt('x', origin))).kind).toBe('empty');
  });
});

describe('cleanModelText', () => {
  it('strips fences, labels and wrapping quotes that models add', () => {
    expect(cleanModelText('```\nA red fox\n```')).toBe('A red fox');
    expect(cleanModelText('Prompt: A red fox')).toBe('A red fox');
    expect(cleanModelText('"A red fox, snow"')).toBe('A red fox, snow');
    expect(cleanModelText('**Bold title**\nbody')).toBe('**Bold title**\nbody');
  });
});
