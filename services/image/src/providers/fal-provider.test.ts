// The fal adapter against the local fake of fal's queue: the real @fal-ai/client submits, polls and fetches the
// result, the image file is downloaded, progress is reported, failures and stalls end the call, and each model's
// input takes the size or ratio, negative prompt and format its endpoint accepts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, type AspectRatio } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { startFakeFal, type FakeFal } from '../test-support/fake-fal';
import { FAL_MODELS, falModelEnvName, falModelsFromEnv } from './fal-models';
import { createFalProvider, percentageOfLogs } from './fal-provider';
import type { GenerationProgress } from './types';

let fake: FakeFal;
beforeAll(async () => {
  fake = await startFakeFal();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

const aspect = (id: AspectRatio) => ASPECT_RATIOS.find((a) => a.id === id)!;

function provider(models = FAL_MODELS) {
  return createFalProvider({ apiKey: 'fal-test-key', models, baseUrl: fake.baseUrl, pollIntervalMs: 10 });
}

describe('fal provider', () => {
  it('submits to the model endpoint with the key, reports queue progress and returns the image and seed', async () => {
    const progress: GenerationProgress[] = [];
    const result = await provider().generate(
      {
        model: 'flux-schnell',
        prompt: 'a red fox',
        negativePrompt: 'blur',
        aspect: aspect('landscape'),
        seed: 42,
      },
      { signal: new AbortController().signal, onProgress: (p) => progress.push(p) },
    );
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.endpoint).toBe('fal-ai/flux/schnell');
    expect(sent?.authorization).toBe('Key fal-test-key');
    expect(sent?.input).toMatchObject({
      prompt: 'a red fox',
      seed: 42,
      image_size: { width: 1344, height: 768 },
    });
    expect(sent?.input).not.toHaveProperty('negative_prompt');
    expect(result.seed).toBe(42);
    const meta = await openImage(result.images[0]!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1344, 768]);
    expect(progress[0]).toEqual({ status: 'IN_QUEUE', queuePosition: 1 });
    expect(progress).toContainEqual({ status: 'IN_PROGRESS', percentage: 50 });
    expect(progress.at(-1)?.status).toBe('COMPLETED');
  });

  it('sends a ratio to the models that take only one, and the negative prompt to those that take it', async () => {
    const signal = new AbortController().signal;
    await provider().generate(
      { model: 'imagen-4-preview', prompt: 'p', negativePrompt: 'n', aspect: aspect('widescreen'), seed: 1 },
      { signal },
    );
    await provider().generate(
      {
        model: 'stable-diffusion-3.5-large',
        prompt: 'p',
        negativePrompt: 'n',
        aspect: aspect('portrait'),
        seed: 1,
      },
      { signal },
    );
    expect(fake.requests[0]?.endpoint).toBe('fal-ai/imagen4/preview');
    expect(fake.requests[0]?.input).toMatchObject({ aspect_ratio: '16:9' });
    expect(fake.requests[0]?.input).not.toHaveProperty('image_size');
    expect(fake.requests[1]?.input).toMatchObject({
      negative_prompt: 'n',
      image_size: { width: 768, height: 1344 },
    });
  });

  it('takes an endpoint override from env', async () => {
    const models = falModelsFromEnv({ [falModelEnvName('flux-pro')]: 'fal-ai/flux-pro/new' });
    expect(falModelEnvName('stable-diffusion-3.5-large')).toBe('FAL_MODEL_STABLE_DIFFUSION_3_5_LARGE');
    await provider(models).generate(
      { model: 'flux-pro', prompt: 'p', aspect: aspect('square'), seed: 3 },
      { signal: new AbortController().signal },
    );
    expect(fake.requests[0]?.endpoint).toBe('fal-ai/flux-pro/new');
  });

  it('fails when fal reports a failed request', async () => {
    fake.mode = 'fail';
    await expect(
      provider().generate(
        { model: 'flux-schnell', prompt: 'p', aspect: aspect('square'), seed: 3 },
        { signal: new AbortController().signal },
      ),
    ).rejects.toThrow();
  });

  it('stops waiting on a stalled request when the signal aborts, and cancels it at fal', async () => {
    fake.mode = 'stall';
    const controller = new AbortController();
    const run = provider().generate(
      { model: 'flux-schnell', prompt: 'p', aspect: aspect('square'), seed: 3 },
      { signal: controller.signal, onProgress: (p) => p.status === 'IN_PROGRESS' && controller.abort() },
    );
    await expect(run).rejects.toThrow();
    await expect.poll(() => fake.requests[0]?.cancelled).toBe(true);
  });

  it('reads a percentage from log lines', () => {
    expect(percentageOfLogs([{ message: 'Step 3/4' }])).toBe(75);
    expect(percentageOfLogs([{ message: 'loading' }, { message: '40% done' }])).toBe(40);
    expect(percentageOfLogs([{ message: 'loading' }])).toBeUndefined();
  });
});
