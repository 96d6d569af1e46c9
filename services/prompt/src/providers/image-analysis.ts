// Measures an image with sharp: size, orientation, aspect, palette, brightness, contrast, saturation, colour
// temperature, detail, light direction and subject/background separation. The local provider writes from these numbers.
import { openImage } from '@act/service-kit/media';

export interface PaletteColour {
  hex: string;
  name: string;
  /** Share of the picture, 0..1. */
  share: number;
}

export type Orientation = 'landscape' | 'portrait' | 'square';

export interface ImageAnalysis {
  width: number;
  height: number;
  orientation: Orientation;
  /** Reduced exact ratio, for example '3:2'. */
  aspectRatio: string;
  /** Nearest common ratio, for example '16:9', or undefined when none is close. */
  nearestCommonRatio: string | undefined;
  hasAlpha: boolean;
  /** Mean luminance, 0 (black) .. 1 (white). */
  brightness: number;
  /** Standard deviation of luminance, 0 .. 0.5. */
  contrast: number;
  /** Mean HSV saturation, 0 .. 1. */
  saturation: number;
  /** Positive is warm (red/yellow lean), negative cool (blue lean), roughly -1 .. 1. */
  warmth: number;
  palette: PaletteColour[];
  /** Palette entries holding at least 1% of the pixels (after merging near-identical colours). */
  distinctColours: number;
  /** Share of pixels on a strong edge, 0..1: flat graphics are low, busy detailed scenes high. */
  edgeDensity: number;
  /** Where the light seems to come from, judged by which side of the frame is brighter; undefined when even. */
  lightFrom: string | undefined;
  /** Colour distance (0..1) between the centre of the frame and its border: high suggests a subject that stands out. */
  centreBorderDifference: number;
  /** Luminance spread of the border ring alone: low means a plain background. */
  borderUniformity: number;
  borderPalette: PaletteColour[];
  /** Mean luminance of the central region and of the border ring. */
  centreBrightness: number;
  borderBrightness: number;
  /** Share of pixels with skin-like tones, over the whole frame and within the central region. */
  skinShare: number;
  skinCentreShare: number;
  /** Share of pixels crushed to black or blown to white. */
  clippedShadows: number;
  clippedHighlights: number;
}

const SAMPLE_EDGE = 160;
const COMMON_RATIOS: ReadonlyArray<readonly [string, number]> = [
  ['1:1', 1],
  ['5:4', 5 / 4],
  ['4:3', 4 / 3],
  ['3:2', 3 / 2],
  ['16:10', 16 / 10],
  ['16:9', 16 / 9],
  ['2:1', 2],
  ['21:9', 21 / 9],
  ['4:5', 4 / 5],
  ['3:4', 3 / 4],
  ['2:3', 2 / 3],
  ['9:16', 9 / 16],
];

export interface AnalysisOptions {
  /** libvips gives up after this long, so a cancelled call does not keep decoding; 0 means no limit. */
  budgetSeconds?: number;
}

export async function analyseImage(
  bytes: Buffer,
  { budgetSeconds = 0 }: AnalysisOptions = {},
): Promise<ImageAnalysis> {
  const metadata = await openImage(bytes).metadata();
  // Sizes as people see the picture, after its EXIF orientation (a phone portrait is stored sideways).
  const { width, height } = metadata.autoOrient;

  // Decoding and downsampling are the heavy part; the measuring below runs on at most 160×160 pixels.
  const { data, info } = await openImage(bytes)
    .timeout({ seconds: budgetSeconds })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(SAMPLE_EDGE, SAMPLE_EDGE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });

  const w = info.width;
  const h = info.height;
  const channels = info.channels;
  const pixels = w * h;
  const luma = new Float32Array(pixels);

  let lumaSum = 0;
  let saturationSum = 0;
  let warmthSum = 0;
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
  const border = new Map<number, { count: number; r: number; g: number; b: number }>();
  const regions = { left: 0, right: 0, top: 0, bottom: 0, centre: [0, 0, 0, 0], border: [0, 0, 0, 0] };
  const borderLuma: number[] = [];
  let centreLuma = 0;
  let skin = 0;
  let skinCentre = 0;
  let shadows = 0;
  let highlights = 0;

  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const o = i * channels;
      const r = data[o] ?? 0;
      const g = data[o + 1] ?? 0;
      const b = data[o + 2] ?? 0;
      const l = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      luma[i] = l;
      lumaSum += l;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      saturationSum += max === 0 ? 0 : (max - min) / max;
      warmthSum += (r - b) / 255;
      if (l < 0.02) shadows++;
      if (l > 0.98) highlights++;
      const skinLike = isSkinTone(r, g, b);
      if (skinLike) skin++;

      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      addToBucket(buckets, key, r, g, b);

      if (x < w / 3) regions.left += l;
      if (x >= (2 * w) / 3) regions.right += l;
      if (y < h / 3) regions.top += l;
      if (y >= (2 * h) / 3) regions.bottom += l;

      const inCentre = x >= w * 0.25 && x < w * 0.75 && y >= h * 0.25 && y < h * 0.75;
      const inBorder = x < w * 0.12 || x >= w * 0.88 || y < h * 0.12 || y >= h * 0.88;
      if (inCentre) {
        accumulate(regions.centre, r, g, b);
        centreLuma += l;
        if (skinLike) skinCentre++;
      } else if (inBorder) {
        accumulate(regions.border, r, g, b);
        borderLuma.push(l);
        addToBucket(border, key, r, g, b);
      }
    }
  }

  const brightness = lumaSum / pixels;
  let variance = 0;
  for (let i = 0; i < pixels; i++) variance += ((luma[i] ?? 0) - brightness) ** 2;
  const contrast = Math.sqrt(variance / pixels);

  const palette = paletteOf(buckets, pixels);
  const centreMean = meanColour(regions.centre);
  const borderMean = meanColour(regions.border);
  const borderBrightness = mean(borderLuma);
  const centreCount = regions.centre[3] ?? 0;

  return {
    width,
    height,
    orientation: orientationOf(width, height),
    aspectRatio: reducedRatio(width, height),
    nearestCommonRatio: nearestCommonRatio(width, height),
    hasAlpha: metadata.hasAlpha ?? false,
    brightness,
    contrast,
    saturation: saturationSum / pixels,
    warmth: warmthSum / pixels,
    palette: palette.slice(0, 6),
    distinctColours: palette.filter((c) => c.share >= 0.01).length,
    edgeDensity: edgeDensity(luma, w, h),
    lightFrom: lightDirection(regions, w, h, pixels),
    centreBorderDifference: colourDistance(centreMean, borderMean),
    borderUniformity: standardDeviation(borderLuma),
    borderPalette: paletteOf(border, borderLuma.length).slice(0, 4),
    centreBrightness: centreCount === 0 ? brightness : centreLuma / centreCount,
    borderBrightness,
    skinShare: skin / pixels,
    skinCentreShare: centreCount === 0 ? 0 : skinCentre / centreCount,
    clippedShadows: shadows / pixels,
    clippedHighlights: highlights / pixels,
  };
}

/** The classic RGB skin-tone rule (Kovac et al.): crude, but a real signal that a face or body may be in frame. */
function isSkinTone(r: number, g: number, b: number): boolean {
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

function addToBucket(
  map: Map<number, { count: number; r: number; g: number; b: number }>,
  key: number,
  r: number,
  g: number,
  b: number,
): void {
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

function accumulate(sum: number[], r: number, g: number, b: number): void {
  sum[0] = (sum[0] ?? 0) + r;
  sum[1] = (sum[1] ?? 0) + g;
  sum[2] = (sum[2] ?? 0) + b;
  sum[3] = (sum[3] ?? 0) + 1;
}

type Rgb = readonly [number, number, number];

function meanColour(sum: number[]): Rgb {
  const n = sum[3] || 1;
  return [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n];
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function standardDeviation(values: readonly number[]): number {
  const m = mean(values);
  return values.length === 0 ? 0 : Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
}

/** Greedy merge of 12-bit colour buckets: near-identical shades count as one palette colour. */
function paletteOf(buckets: Map<number, { count: number; r: number; g: number; b: number }>, total: number) {
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

function orientationOf(width: number, height: number): Orientation {
  if (width === 0 || height === 0) return 'square';
  const ratio = width / height;
  if (ratio > 1.05) return 'landscape';
  if (ratio < 0.95) return 'portrait';
  return 'square';
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function reducedRatio(width: number, height: number): string {
  if (width === 0 || height === 0) return 'unknown';
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

function nearestCommonRatio(width: number, height: number): string | undefined {
  if (width === 0 || height === 0) return undefined;
  const ratio = width / height;
  let best: readonly [string, number] | undefined;
  for (const candidate of COMMON_RATIOS) {
    if (!best || Math.abs(Math.log(candidate[1] / ratio)) < Math.abs(Math.log(best[1] / ratio)))
      best = candidate;
  }
  // Within 3%: close enough to call it that ratio.
  return best && Math.abs(Math.log(best[1] / ratio)) < 0.03 ? best[0] : undefined;
}

/** Share of pixels whose Sobel-like gradient is strong. */
function edgeDensity(luma: Float32Array, w: number, h: number): number {
  if (w < 3 || h < 3) return 0;
  let strong = 0;
  let counted = 0;
  const at = (x: number, y: number) => luma[y * w + x] ?? 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x - 1, y) -
        at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        at(x - 1, y - 1) -
        2 * at(x, y - 1) -
        at(x + 1, y - 1);
      if (Math.abs(gx) + Math.abs(gy) > 0.35) strong++;
      counted++;
    }
  }
  return strong / counted;
}

function lightDirection(
  regions: { left: number; right: number; top: number; bottom: number },
  w: number,
  h: number,
  pixels: number,
): string | undefined {
  const columnsThird = Math.max(1, Math.ceil(w / 3)) * h;
  const rowsThird = Math.max(1, Math.ceil(h / 3)) * w;
  const horizontal = regions.left / columnsThird - regions.right / columnsThird;
  const vertical = regions.top / rowsThird - regions.bottom / rowsThird;
  const threshold = pixels > 0 ? 0.07 : 1;
  const side = Math.abs(horizontal) >= threshold ? (horizontal > 0 ? 'left' : 'right') : undefined;
  const level = Math.abs(vertical) >= threshold ? (vertical > 0 ? 'above' : 'below') : undefined;
  if (side && level) return `${level === 'above' ? 'the upper' : 'the lower'} ${side}`;
  if (side) return `the ${side}`;
  if (level) return level;
  return undefined;
}
