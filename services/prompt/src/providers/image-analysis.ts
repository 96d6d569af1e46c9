// Measures an image with sharp: size, orientation, aspect, palette, brightness, contrast, saturation, colour
// temperature, detail, light direction and subject/background separation. The local provider writes from these numbers.
// The pixel pass is pixel-tally.ts; the colour and frame measures are image-colours.ts and image-frame.ts.
import { openImage } from '@act/service-kit/media';
import { colourDistance, mean, meanColour, paletteOf, standardDeviation } from './image-colours';
import { edgeDensity, lightDirection, nearestCommonRatio, orientationOf, reducedRatio } from './image-frame';
import { tallyPixels } from './pixel-tally';

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
  const pixels = w * h;
  const t = tallyPixels(data, w, h, info.channels);

  const brightness = t.lumaSum / pixels;
  let variance = 0;
  for (let i = 0; i < pixels; i++) variance += ((t.luma[i] ?? 0) - brightness) ** 2;
  const contrast = Math.sqrt(variance / pixels);

  const palette = paletteOf(t.buckets, pixels);
  const centreCount = t.regions.centre[3] ?? 0;

  return {
    width,
    height,
    orientation: orientationOf(width, height),
    aspectRatio: reducedRatio(width, height),
    nearestCommonRatio: nearestCommonRatio(width, height),
    hasAlpha: metadata.hasAlpha ?? false,
    brightness,
    contrast,
    saturation: t.saturationSum / pixels,
    warmth: t.warmthSum / pixels,
    palette: palette.slice(0, 6),
    distinctColours: palette.filter((c) => c.share >= 0.01).length,
    edgeDensity: edgeDensity(t.luma, w, h),
    lightFrom: lightDirection(t.regions, w, h, pixels),
    centreBorderDifference: colourDistance(meanColour(t.regions.centre), meanColour(t.regions.border)),
    borderUniformity: standardDeviation(t.borderLuma),
    borderPalette: paletteOf(t.border, t.borderLuma.length).slice(0, 4),
    centreBrightness: centreCount === 0 ? brightness : t.centreLuma / centreCount,
    borderBrightness: mean(t.borderLuma),
    skinShare: t.skin / pixels,
    skinCentreShare: centreCount === 0 ? 0 : t.skinCentre / centreCount,
    clippedShadows: t.shadows / pixels,
    clippedHighlights: t.highlights / pixels,
  };
}
