import { describe, expect, it } from 'vitest';
import { openImage } from '@act/service-kit/media';
import { makePng } from '@act/service-kit/testing';
import { analyseImage } from './image-analysis';
import { colourName } from './image-colours';

describe('analyseImage', () => {
  it('measures size, orientation, aspect and the dominant colour', async () => {
    const a = await analyseImage(await makePng({ width: 320, height: 180, background: '#1f3f8f' }));
    expect(a).toMatchObject({ width: 320, height: 180, orientation: 'landscape', aspectRatio: '16:9' });
    expect(a.nearestCommonRatio).toBe('16:9');
    expect(a.palette[0]?.name).toBe('blue');
    expect(a.palette[0]?.share).toBeGreaterThan(0.95);
    expect(a.warmth).toBeLessThan(0);
  });

  it('tells dark from bright and flat from contrasty', async () => {
    const dark = await analyseImage(await makePng({ background: '#101010' }));
    const bright = await analyseImage(await makePng({ background: '#f4f4f4' }));
    expect(dark.brightness).toBeLessThan(0.1);
    expect(bright.brightness).toBeGreaterThan(0.9);
    expect(dark.contrast).toBeLessThan(0.02);

    const halves = await openImage(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="200"><rect width="100" height="100" fill="#fff"/><rect y="100" width="100" height="100" fill="#000"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const split = await analyseImage(halves);
    expect(split.orientation).toBe('portrait');
    expect(split.contrast).toBeGreaterThan(0.45);
    expect(split.lightFrom).toBe('above');
  });

  it('respects EXIF orientation when reporting the shape', async () => {
    const sideways = await openImage(await makePng({ width: 60, height: 30 }))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const a = await analyseImage(sideways);
    expect([a.width, a.height, a.orientation]).toEqual([30, 60, 'portrait']);
  });
});

describe('colourName', () => {
  it('names colours the way people do', () => {
    expect(colourName([0, 0, 0])).toBe('black');
    expect(colourName([255, 255, 255])).toBe('white');
    expect(colourName([220, 30, 30])).toBe('red');
    expect(colourName([120, 70, 30])).toBe('brown');
    expect(colourName([10, 20, 70])).toBe('navy blue');
    expect(colourName([30, 160, 60])).toBe('green');
  });
});
