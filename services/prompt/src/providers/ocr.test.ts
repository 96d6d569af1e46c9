import { afterAll, describe, expect, it } from 'vitest';
import { makeNoisePng, makePng } from '@act/service-kit/testing';
import { createOcrEngine, MAX_OCR_PIXELS, ocrSize } from './ocr';

const engine = createOcrEngine();
afterAll(() => engine.close());

describe('ocr engine', () => {
  it('upscales small text but never hands tesseract more than its pixel cap', () => {
    expect(ocrSize(500, 100)).toEqual({ width: 1000, height: 200 });
    const big = ocrSize(9000, 9000);
    expect(big.width * big.height).toBeLessThanOrEqual(MAX_OCR_PIXELS);
    const strip = ocrSize(400, 3000);
    expect(strip.height).toBeLessThanOrEqual(2500);
  });

  it('terminates the worker of a cancelled job (no CPU burnt afterwards) and reads with a fresh one', async () => {
    const noise = await makeNoisePng();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('budget')), 2_000);
    await expect(engine.recognise(noise, { signal: controller.signal, budgetMs: 10_000 })).rejects.toThrow(
      'budget',
    );

    // A tesseract thread left running on the noise would keep a core busy for minutes.
    const before = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const spent = process.cpuUsage(before);
    expect((spent.user + spent.system) / 1000).toBeLessThan(500);

    const text = await makePng({ width: 600, height: 150, background: '#ffffff', text: 'HELLO WORLD' });
    const result = await engine.recognise(text, { signal: new AbortController().signal, budgetMs: 10_000 });
    expect(result.text).toBe('HELLO WORLD');
  }, 60_000);
});
