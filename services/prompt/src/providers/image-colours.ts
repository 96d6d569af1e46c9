// The colour side of the image measures (image-analysis.ts): palette buckets merged into named colours, colour
// distance, the skin-tone rule, and the small sums the pixel pass keeps.
import type { PaletteColour } from './image-analysis';

/** 12-bit colour buckets: how many pixels fell in each, and their summed channels. */
export type ColourBuckets = Map<number, { count: number; r: number; g: number; b: number }>;

/** The classic RGB skin-tone rule (Kovac et al.): crude, but a real signal that a face or body may be in frame. */
export function isSkinTone(r: number, g: number, b: number): boolean {
  return (
    r > 95 &&
    g > 40 &&
    b > 20 &&
    Math.max(r, g, b) - Math.min(r, g, b) > 15 &&
    Math.abs(r - g) > 15 &&
    r > g &&
    r > b
  );
}

export function addToBucket(map: ColourBuckets, key: number, r: number, g: number, b: number): void {
  const bucket = map.get(key);
  if (bucket) {
    bucket.count++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
  } else {
    map.set(key, { count: 1, r, g, b });
  }
}

export function accumulate(sum: number[], r: number, g: number, b: number): void {
  sum[0] = (sum[0] ?? 0) + r;
  sum[1] = (sum[1] ?? 0) + g;
  sum[2] = (sum[2] ?? 0) + b;
  sum[3] = (sum[3] ?? 0) + 1;
}

export type Rgb = readonly [number, number, number];

export function meanColour(sum: number[]): Rgb {
  const n = sum[3] || 1;
  return [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n];
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

export function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  return values.length === 0 ? 0 : Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

/** Greedy merge of 12-bit colour buckets: near-identical shades count as one palette colour. */
export function paletteOf(buckets: ColourBuckets, total: number): PaletteColour[] {
  const sorted = [...buckets.values()].sort((a, b) => b.count - a.count);
  const merged: Array<{ count: number; r: number; g: number; b: number }> = [];
  for (const bucket of sorted) {
    const colour: Rgb = [bucket.r / bucket.count, bucket.g / bucket.count, bucket.b / bucket.count];
    const near = merged.find(
      (m) => colourDistance([m.r / m.count, m.g / m.count, m.b / m.count], colour) < 0.09,
    );
    if (near) {
      near.count += bucket.count;
      near.r += bucket.r;
      near.g += bucket.g;
      near.b += bucket.b;
    } else {
      merged.push({ ...bucket });
    }
  }
  return merged
    .sort((a, b) => b.count - a.count)
    .map((m): PaletteColour => {
      const rgb: Rgb = [m.r / m.count, m.g / m.count, m.b / m.count];
      return { hex: toHex(rgb), name: colourName(rgb), share: total === 0 ? 0 : m.count / total };
    });
}

/** "Redmean" weighted RGB distance scaled to 0..1: cheap and close enough to perceived difference. */
export function colourDistance(a: Rgb, b: Rgb): number {
  const rMean = (a[0] + b[0]) / 2;
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  const d = Math.sqrt((2 + rMean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rMean) / 256) * db * db);
  return d / 764.8;
}

export function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** A plain-English colour name from hue, saturation and lightness ('dark teal', 'pale pink', 'charcoal grey'). */
export function colourName([r, g, b]: Rgb): string {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const lightness = (max + min) / 2;
  const delta = max - min;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));

  if (saturation < 0.12 || delta < 0.06) {
    if (lightness < 0.1) return 'black';
    if (lightness < 0.28) return 'charcoal grey';
    if (lightness < 0.5) return 'dark grey';
    if (lightness < 0.7) return 'grey';
    if (lightness < 0.9) return 'light grey';
    return 'white';
  }

  const sector =
    max === rn ? ((gn - bn) / delta) % 6 : max === gn ? (bn - rn) / delta + 2 : (rn - gn) / delta + 4;
  const hue = (sector * 60 + 360) % 360;

  const base = hueName(hue);
  // Browns are dark or muted oranges and yellows, and read as their own colour.
  if ((base === 'orange' || base === 'yellow' || base === 'red') && lightness < 0.45 && saturation < 0.75) {
    return lightness < 0.22 ? 'dark brown' : 'brown';
  }
  if ((base === 'orange' || base === 'yellow') && lightness >= 0.6 && saturation < 0.55) {
    return lightness > 0.82 ? 'cream' : 'beige';
  }
  if (base === 'red' && lightness > 0.7) return 'pink';
  if (base === 'magenta' && lightness > 0.7) return 'pink';
  if (base === 'blue' && lightness < 0.25) return 'navy blue';

  const shade = lightness < 0.25 ? 'dark ' : lightness > 0.78 ? 'pale ' : lightness > 0.62 ? 'light ' : '';
  const muted = saturation < 0.3 && shade === '' ? 'muted ' : '';
  return `${muted}${shade}${base}`;
}

function hueName(hue: number): string {
  if (hue < 12 || hue >= 345) return 'red';
  if (hue < 40) return 'orange';
  if (hue < 66) return 'yellow';
  if (hue < 90) return 'lime green';
  if (hue < 155) return 'green';
  if (hue < 185) return 'teal';
  if (hue < 205) return 'cyan';
  if (hue < 250) return 'blue';
  if (hue < 280) return 'indigo';
  if (hue < 315) return 'purple';
  return 'magenta';
}
