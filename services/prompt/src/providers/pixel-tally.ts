// One pass over the downsampled pixels of an image (image-analysis.ts): the sums every measure is made from.
import { accumulate, addToBucket, isSkinTone, type ColourBuckets } from './image-colours';

/** The sums of one pass: luminance per pixel, colour buckets, regions of the frame, clipped and skin-like pixels. */
export interface PixelTally {
  luma: Float32Array;
  lumaSum: number;
  saturationSum: number;
  warmthSum: number;
  buckets: ColourBuckets;
  /** The colour buckets of the border ring alone. */
  border: ColourBuckets;
  /** Luminance summed over the left, right, top and bottom thirds; colour sums (r, g, b, n) of centre and border. */
  regions: { left: number; right: number; top: number; bottom: number; centre: number[]; border: number[] };
  borderLuma: number[];
  centreLuma: number;
  skin: number;
  skinCentre: number;
  shadows: number;
  highlights: number;
}

/** Tallies `w`×`h` raw sRGB pixels of `channels` bytes each. */
export function tallyPixels(data: Buffer, w: number, h: number, channels: number): PixelTally {
  const t: PixelTally = {
    luma: new Float32Array(w * h),
    lumaSum: 0,
    saturationSum: 0,
    warmthSum: 0,
    buckets: new Map(),
    border: new Map(),
    regions: { left: 0, right: 0, top: 0, bottom: 0, centre: [0, 0, 0, 0], border: [0, 0, 0, 0] },
    borderLuma: [],
    centreLuma: 0,
    skin: 0,
    skinCentre: 0,
    shadows: 0,
    highlights: 0,
  };
  const { luma, regions } = t;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const o = i * channels;
      const r = data[o] ?? 0;
      const g = data[o + 1] ?? 0;
      const b = data[o + 2] ?? 0;
      const l = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      luma[i] = l;
      t.lumaSum += l;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      t.saturationSum += max === 0 ? 0 : (max - min) / max;
      t.warmthSum += (r - b) / 255;
      if (l < 0.02) t.shadows++;
      if (l > 0.98) t.highlights++;
      const skinLike = isSkinTone(r, g, b);
      if (skinLike) t.skin++;

      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      addToBucket(t.buckets, key, r, g, b);

      if (x < w / 3) regions.left += l;
      if (x >= (2 * w) / 3) regions.right += l;
      if (y < h / 3) regions.top += l;
      if (y >= (2 * h) / 3) regions.bottom += l;

      const inCentre = x >= w * 0.25 && x < w * 0.75 && y >= h * 0.25 && y < h * 0.75;
      const inBorder = x < w * 0.12 || x >= w * 0.88 || y < h * 0.12 || y >= h * 0.88;
      if (inCentre) {
        accumulate(regions.centre, r, g, b);
        t.centreLuma += l;
        if (skinLike) t.skinCentre++;
      } else if (inBorder) {
        accumulate(regions.border, r, g, b);
        t.borderLuma.push(l);
        addToBucket(t.border, key, r, g, b);
      }
    }
  }
  return t;
}
