// The frame side of the image measures (image-analysis.ts): orientation and aspect ratios, edge density (how much
// detail), and which side the light seems to come from.
import type { Orientation } from './image-analysis';

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

export function orientationOf(width: number, height: number): Orientation {
  if (width === 0 || height === 0) return 'square';
  const ratio = width / height;
  if (ratio > 1.05) return 'landscape';
  if (ratio < 0.95) return 'portrait';
  return 'square';
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function reducedRatio(width: number, height: number): string {
  if (width === 0 || height === 0) return 'unknown';
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

export function nearestCommonRatio(width: number, height: number): string | undefined {
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
export function edgeDensity(luma: Float32Array, w: number, h: number): number {
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

export function lightDirection(
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
