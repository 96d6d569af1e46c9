// The local effects on a synthetic photo: each returns a real JPEG of the input's size whose pixels differ in the
// way the effect promises (a colour cast removed; flat colour areas with dark outlines).
import { describe, expect, it } from 'vitest';
import { openImage, sniffImageType } from '@act/service-kit/media';
import { cartoonify, colorCorrect, colorCorrectionLevels } from './local-effects';
import { bluishPhoto, channelMeans, flatShare, meanAbsoluteDifference } from '../test-support/test-images';

describe('color correction', () => {
  it('removes a blue cast and returns a JPEG of the same size whose pixels differ', async () => {
    const photo = await bluishPhoto(640, 480);
    const result = await colorCorrect(photo);
    expect(sniffImageType(result.bytes)).toBe('image/jpeg');
    const meta = await openImage(result.bytes).metadata();
    expect([meta.width, meta.height, result.width, result.height]).toEqual([640, 480, 640, 480]);

    const [r0, g0, b0] = await channelMeans(photo);
    const [r1, g1, b1] = await channelMeans(result.bytes);
    // Before: blue far above red. After: the gap between the channels' averages cut to under a third (the scene
    // keeps its real blue sky, so it does not vanish).
    const spread = (...means: number[]) => Math.max(...means) - Math.min(...means);
    expect(spread(r0!, g0!, b0!)).toBeGreaterThan(80);
    expect(spread(r1!, g1!, b1!)).toBeLessThan(spread(r0!, g0!, b0!) / 3);
    expect(await meanAbsoluteDifference(photo, result.bytes)).toBeGreaterThan(10);
  });

  it('stretches a dull picture to the full range and leaves a neutral one balanced', () => {
    // A grey ramp from 60 to 179 in all three channels.
    const ramp = new Uint8Array(360);
    for (let i = 0; i < 120; i += 1) ramp.set([60 + i, 60 + i, 60 + i], i * 3);
    const { a, b } = colorCorrectionLevels(ramp);
    // Neutral: the same gain on every channel.
    expect(new Set(a).size).toBe(1);
    const out = (x: number) => a[0]! * x + b[0]!;
    expect(out(60)).toBeLessThan(5);
    expect(out(179)).toBeGreaterThan(250);
  });
});

describe('cartoonify', () => {
  it('returns a JPEG of the same size with flat colours and dark outlines', async () => {
    const photo = await bluishPhoto(800, 600);
    const result = await cartoonify(photo);
    expect(sniffImageType(result.bytes)).toBe('image/jpeg');
    const meta = await openImage(result.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    expect(await meanAbsoluteDifference(photo, result.bytes)).toBeGreaterThan(5);
    // Smoothed and quantised: the photo's grain is gone, most neighbours share one flat colour.
    expect(await flatShare(photo)).toBeLessThan(0.2);
    expect(await flatShare(result.bytes)).toBeGreaterThan(0.6);
    // Outlines: the house's left wall (x = 160) is drawn in near-black ink; the wall's inside is not.
    const { data, info } = await openImage(result.bytes).raw().toBuffer({ resolveWithObject: true });
    const brightness = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return data[at]! + data[at + 1]! + data[at + 2]!;
    };
    const darkest = Math.min(...Array.from({ length: 9 }, (_, i) => brightness(156 + i, 360)));
    expect(darkest).toBeLessThan(120);
    expect(brightness(200, 360)).toBeGreaterThan(2 * darkest + 60);
  });

  it('keeps a large photo at its size (worked smaller, brought back)', async () => {
    const photo = await bluishPhoto(2400, 1600);
    const result = await cartoonify(photo);
    const meta = await openImage(result.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([2400, 1600]);
  });
});
