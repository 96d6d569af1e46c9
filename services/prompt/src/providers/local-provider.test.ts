import { afterAll, describe, expect, it } from 'vitest';
import { createWorkPool } from '@act/service-kit';
import { makePng } from '@act/service-kit/testing';
import { createLocalProvider } from './local-provider';
import type { ImageInput } from '@act/service-kit/media';

const provider = createLocalProvider({
  pool: createWorkPool({ size: 1, queueLimit: 4, perCallerLimit: 1, timeoutMs: 30_000 }),
});
const origin = { callerKey: 'user:tester' };
afterAll(() => provider.close());

async function pngInput(spec: Parameters<typeof makePng>[0]): Promise<ImageInput> {
  const bytes = await makePng(spec);
  return { bytes, mime: 'image/png', width: spec?.width ?? 64, height: spec?.height ?? 48 };
}

describe('local provider', () => {
  it('writes an image prompt from measured colours and shape, and says it is a local analysis', async () => {
    const out = await provider.imageToPrompt(
      await pngInput({ width: 400, height: 300, background: '#c0392b' }),
      origin,
    );
    expect(out).toContain('landscape 4:3');
    expect(out).toContain('red');
    expect(out).toContain('Local analysis');
  });

  it('enhances text by rules', async () => {
    expect(await provider.enhancePrompt('a lighthouse on a cliff', origin)).toMatch(
      /^A lighthouse on a cliff, .+sharp focus/,
    );
  });

  it('reads text with offline OCR for extract-text', async () => {
    const image = await pngInput({ width: 600, height: 150, background: '#ffffff', text: 'HELLO WORLD' });
    const out = await provider.describeImage({ image, language: 'English', tasks: ['extract-text'] }, origin);
    expect(out).toContain('**Extract text**');
    expect(out).toMatch(/HELLO WORLD/);
    expect(out).toContain('text by OCR');
  }, 60_000);

  it('covers each chosen task in its own section and owns up to the language it writes in', async () => {
    const image = await pngInput({ width: 200, height: 200, background: '#2e86de' });
    const out = await provider.describeImage(
      { image, language: 'French', tasks: ['describe-details', 'color-light', 'describe-background'] },
      origin,
    );
    expect(out).toContain('**Describe in detail**');
    expect(out).toContain('**Colour and lighting**');
    expect(out).toContain('**Describe the background**');
    expect(out).toMatch(/#2E86DE/i);
    expect(out).toContain('written in English; answers in French need an AI model');
  });

  it('builds a video prompt from the frame, the action, the camera motion and the style', async () => {
    const out = await provider.videoPrompt(
      {
        image: await pngInput({ width: 90, height: 160, background: '#f1c40f' }),
        language: 'English',
        cameraMotion: 'crane-up',
        videoStyle: 'vintage-film',
        actionDescription: 'a balloon drifts upward.',
      },
      origin,
    );
    expect(out).toContain('Vintage Film video');
    expect(out).toContain('portrait 9:16');
    expect(out).toContain('Action: a balloon drifts upward, unfolding');
    expect(out).toContain('rising crane shot');
    expect(out).toContain('Local analysis');
  });
});
