// Turns the numbers of an ImageAnalysis into plain-English phrases shared by the local provider's three image tools.
import type { ImageAnalysis, PaletteColour } from './image-analysis';

export function brightnessLabel(a: ImageAnalysis): string {
  if (a.brightness < 0.2) return 'very dark, low-key';
  if (a.brightness < 0.38) return 'dark';
  if (a.brightness < 0.62) return 'balanced';
  if (a.brightness < 0.8) return 'bright';
  return 'very bright, high-key';
}

export function contrastLabel(a: ImageAnalysis): string {
  if (a.contrast < 0.12) return 'low';
  if (a.contrast < 0.22) return 'moderate';
  return 'high';
}

export function saturationLabel(a: ImageAnalysis): string {
  if (a.saturation < 0.07) return 'monochrome';
  if (a.saturation < 0.2) return 'muted';
  if (a.saturation < 0.45) return 'natural';
  return 'vivid';
}

export function temperatureLabel(a: ImageAnalysis): string {
  if (a.warmth > 0.08) return 'warm';
  if (a.warmth < -0.05) return 'cool';
  return 'neutral';
}

export function detailLabel(a: ImageAnalysis): string {
  if (a.edgeDensity < 0.03) return 'smooth surfaces with little fine detail';
  if (a.edgeDensity < 0.1) return 'a moderate amount of detail';
  return 'dense fine detail and texture';
}

/** Our best guess at the medium, from colour count, saturation and edge structure. */
export function mediumGuess(a: ImageAnalysis): string {
  if (a.saturation < 0.07)
    return a.distinctColours <= 3 ? 'monochrome graphic' : 'black-and-white photograph';
  if (a.distinctColours <= 6) return 'flat graphic illustration with clean shapes';
  if (a.distinctColours <= 10 && a.saturation > 0.45) return 'bold, colourful illustration';
  return 'photograph';
}

export function orientationPhrase(a: ImageAnalysis): string {
  const ratio = a.nearestCommonRatio ?? a.aspectRatio;
  return `${a.orientation} ${ratio}`;
}

export function subjectPhrase(a: ImageAnalysis): string {
  if (a.centreBorderDifference > 0.18)
    return 'a central subject that stands out clearly from its surroundings';
  if (a.centreBorderDifference > 0.08)
    return 'a subject near the centre, set slightly apart from the background';
  return 'an evenly spread scene without one dominant central subject';
}

export function backgroundPhrase(a: ImageAnalysis): string {
  const main = a.borderPalette[0]?.name ?? 'neutral';
  if (a.borderUniformity < 0.06) return `a plain ${main} background`;
  if (a.borderUniformity < 0.14)
    return `a softly varied background in ${listColours(a.borderPalette.slice(0, 2))}`;
  return `a busy, detailed background with ${listColours(a.borderPalette.slice(0, 3))} areas`;
}

export function lightingPhrase(a: ImageAnalysis): string {
  return a.lightFrom ? `light falling from ${a.lightFrom}` : 'even, diffused light';
}

/** 'navy blue, beige and red' (distinct names, most prominent first). */
export function listColours(colours: readonly PaletteColour[]): string {
  const names = [...new Set(colours.map((c) => c.name))];
  if (names.length <= 1) return names[0] ?? 'neutral';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

export function paletteLines(colours: readonly PaletteColour[]): string {
  return colours
    .filter((c) => c.share >= 0.01)
    .map((c) => `- ${c.name} ${c.hex.toUpperCase()}: ${percent(c.share)}`)
    .join('\n');
}
