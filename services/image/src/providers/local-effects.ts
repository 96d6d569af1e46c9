// The two photo effects done here with sharp, without a model or a provider key: each is real image processing
// whose result is an honest version of the effect, at the input's size.
// - Color correction: gray-world white balance (each channel scaled so the picture's average is neutral), levels
//   (the darkest and brightest 0.5 % stretched to black and white), a little contrast and saturation. All measured on
//   a small copy, then applied to the full image in one streaming pass.
// - Cartoonify: edge-preserving smoothing (two median passes), colour quantisation (a 16-colour palette, no
//   dithering) with livelier colours, and dark outlines from the edges of the smoothed picture, multiplied in. Worked
//   at most 1600 px on the long edge (smoothing cost grows with the window), then brought back to the input's size.
// Every decode goes through openImage (the repo's pixel cap). Results are JPEG, as the spec's download names say.
import { observeProvider, serviceMetrics, type WorkPool } from '@act/service-kit';
import { openImage } from '@act/service-kit/media';

/** The effects this module does. */
export const LOCAL_EFFECT_IDS = ['color-correction', 'cartoonify'] as const;
export type LocalEffectId = (typeof LOCAL_EFFECT_IDS)[number];

/** The JPEG quality of stored effect results (libjpeg-turbo: mozjpeg's smaller files cost several times the time). */
export const RESULT_JPEG_QUALITY = 90;

export interface EffectResult {
  /** JPEG bytes, upright, of exactly the input's size. */
  bytes: Buffer;
  width: number;
  height: number;
}

/** Edge of the copy the colour statistics are measured on. */
const STATS_EDGE = 256;
/** Share of the darkest and of the brightest values that levels clip. */
const LEVELS_CLIP = 0.005;
/** White-balance gains stay within this range, so a picture of one strong colour (a red wall) is not turned grey. */
const GAIN_MIN = 0.6;
const GAIN_MAX = 1.6;
/** Levels never stretch more than this (a foggy picture gets clearer, not posterised). */
const STRETCH_MAX = 2.5;
const CONTRAST = 1.08;
const COLOR_SATURATION = 1.15;

/** Sizes as seen (after any EXIF orientation) of the image in `bytes`. */
async function uprightSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const { autoOrient } = await openImage(bytes).metadata();
  return { width: autoOrient.width, height: autoOrient.height };
}

function percentile(sorted: Float64Array, share: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.round(share * (sorted.length - 1))));
  return sorted[index] ?? 0;
}

/** Per channel `a` and `b` of out = a·in + b: white balance, then levels, then contrast around mid-grey. */
export function colorCorrectionLevels(rgb: Uint8Array): { a: number[]; b: number[] } {
  const pixels = Math.floor(rgb.length / 3);
  const sums = [0, 0, 0];
  for (let i = 0; i < pixels * 3; i += 3) {
    sums[0]! += rgb[i]!;
    sums[1]! += rgb[i + 1]!;
    sums[2]! += rgb[i + 2]!;
  }
  const means = sums.map((sum) => Math.max(1, sum / Math.max(1, pixels)));
  const gray = (means[0]! + means[1]! + means[2]!) / 3;
  const gains = means.map((mean) => Math.min(GAIN_MAX, Math.max(GAIN_MIN, gray / mean)));

  // Levels over the balanced values of all three channels together, so the stretch keeps the new balance.
  const balanced = new Float64Array(pixels * 3);
  for (let i = 0; i < pixels * 3; i += 1) balanced[i] = Math.min(255, rgb[i]! * gains[i % 3]!);
  balanced.sort();
  const low = percentile(balanced, LEVELS_CLIP);
  const high = percentile(balanced, 1 - LEVELS_CLIP);
  const stretch = Math.min(STRETCH_MAX, 255 / Math.max(1, high - low));

  // out = CONTRAST·((gain·x − low)·stretch − 128) + 128
  const a = gains.map((gain) => CONTRAST * stretch * gain);
  const b = gains.map(() => 128 - CONTRAST * (low * stretch + 128));
  return { a, b };
}

export async function colorCorrect(bytes: Buffer): Promise<EffectResult> {
  const { width, height } = await uprightSize(bytes);
  const sample = await openImage(bytes)
    .rotate()
    .resize(STATS_EDGE, STATS_EDGE, { fit: 'inside' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const { a, b } = colorCorrectionLevels(sample);
  const out = await openImage(bytes, { sequentialRead: true })
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .linear(a, b)
    .modulate({ saturation: COLOR_SATURATION })
    .jpeg({ quality: RESULT_JPEG_QUALITY })
    .toBuffer();
  return { bytes: out, width, height };
}

/** The long edge cartoonify works at. */
const CARTOON_EDGE = 1600;
const CARTOON_COLOURS = 16;
const CARTOON_SATURATION = 1.35;
/** Laplacian response (0-255) of the smoothed picture above which a pixel is drawn as an outline. */
const EDGE_THRESHOLD = 24;
/** `scale: 1`: the kernel sums to 0, and sharp would otherwise divide by that sum. */
const LAPLACIAN = { width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 1 };
/** Outline pixels keep this share of their colour (near-black ink that still follows the hue). */
const INK = 0.15;

/**
 * Draws the outlines into `rgb` (3 channels): every pixel whose Laplacian response passes the threshold, and its
 * right and lower neighbours (lines two pixels wide), is darkened to ink. Done here rather than with sharp's
 * threshold and composite, whose fixed pipeline order would threshold before the convolution.
 */
export function drawOutlines(rgb: Buffer, edges: Buffer, width: number, height: number): void {
  const ink = (pixel: number) => {
    const at = pixel * 3;
    rgb[at] = Math.round(rgb[at]! * INK);
    rgb[at + 1] = Math.round(rgb[at + 1]! * INK);
    rgb[at + 2] = Math.round(rgb[at + 2]! * INK);
  };
  const inked = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      if (edges[pixel]! < EDGE_THRESHOLD) continue;
      inked[pixel] = 1;
      if (x + 1 < width) inked[pixel + 1] = 1;
      if (y + 1 < height) inked[pixel + width] = 1;
    }
  }
  for (let pixel = 0; pixel < inked.length; pixel += 1) if (inked[pixel]) ink(pixel);
}

export async function cartoonify(bytes: Buffer): Promise<EffectResult> {
  const { width, height } = await uprightSize(bytes);
  const { data: work, info } = await openImage(bytes)
    .rotate()
    .resize(CARTOON_EDGE, CARTOON_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  const rgb = { raw: { ...size, channels: 3 as const } };
  // The window grows with the picture so a large photo is smoothed as much as a small one.
  const window = info.width * info.height > 1_000_000 ? 7 : 5;

  const smoothed = await openImage(work, rgb).median(window).median(window).raw().toBuffer();
  const palette = await openImage(smoothed, rgb)
    .modulate({ saturation: CARTOON_SATURATION })
    .png({ palette: true, colours: CARTOON_COLOURS, dither: 0, effort: 4 })
    .toBuffer();
  const flat = await openImage(palette).removeAlpha().toColourspace('srgb').raw().toBuffer();
  const edges = await openImage(smoothed, rgb).greyscale().convolve(LAPLACIAN).raw().toBuffer();
  drawOutlines(flat, edges, size.width, size.height);

  const out = await openImage(flat, rgb)
    .resize(width, height, { fit: 'fill' })
    .jpeg({ quality: RESULT_JPEG_QUALITY })
    .toBuffer();
  return { bytes: out, width, height };
}

/** Runs a local effect in the work pool, for one caller. */
export interface LocalEffectRunner {
  run(
    tool: LocalEffectId,
    callerKey: string,
    effect: (bytes: Buffer) => Promise<EffectResult>,
    bytes: Buffer,
  ): Promise<EffectResult>;
}

/**
 * The local effects as the engine that stands in for fal: each run goes through `pool` and is counted like a
 * provider call (provider local, operation: the tool) by the kit's observing wrapper, as fal's edits are.
 */
export function createLocalEffectRunner(pool: WorkPool): LocalEffectRunner {
  return observeProvider(
    {
      run: (_tool, callerKey, effect, bytes) => pool.run(callerKey, () => effect(bytes)),
    } as LocalEffectRunner,
    { metrics: serviceMetrics('image'), provider: 'local', operations: { run: (tool) => tool } },
  );
}
