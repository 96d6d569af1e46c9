// Synthetic photos for the effects' tests, and pixel measures to compare an input with its result.
import { openImage } from '@act/service-kit/media';

/**
 * A photo-like picture with a blue cast: a sky-to-ground gradient, a sun, a house and grain, every channel
 * shifted towards blue.
 */
export async function bluishPhoto(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7fa8d8"/><stop offset="0.6" stop-color="#c8d8c0"/><stop offset="1" stop-color="#587040"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.8}" cy="${height * 0.2}" r="${height * 0.1}" fill="#ffe080"/>
    <rect x="${width * 0.2}" y="${height * 0.45}" width="${width * 0.3}" height="${height * 0.3}" fill="#b04030"/>
    <polygon points="${width * 0.17},${height * 0.45} ${width * 0.35},${height * 0.28} ${width * 0.53},${height * 0.45}" fill="#503028"/>
    <rect x="${width * 0.3}" y="${height * 0.58}" width="${width * 0.06}" height="${height * 0.17}" fill="#302018"/>
  </svg>`;
  const clean = await openImage(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  // Grain, as a camera adds it, then the cast: red and green down, blue up.
  let seed = 7;
  for (let i = 0; i < clean.length; i += 1) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    clean[i] = Math.max(0, Math.min(255, clean[i]! + ((seed >>> 16) % 13) - 6));
  }
  return openImage(clean, { raw: { width, height, channels: 3 } })
    .linear([0.7, 0.85, 1.1], [0, 0, 30])
    .png()
    .toBuffer();
}

async function rgbOf(bytes: Buffer, width?: number, height?: number) {
  const image = openImage(bytes).removeAlpha();
  if (width && height) image.resize(width, height, { fit: 'fill' });
  return image.raw().toBuffer({ resolveWithObject: true });
}

export async function channelMeans(bytes: Buffer): Promise<number[]> {
  const { channels } = await openImage(bytes).removeAlpha().stats();
  return channels.slice(0, 3).map((channel) => channel.mean);
}

/** Average per-channel difference (0-255) between two images of the same size. */
export async function meanAbsoluteDifference(one: Buffer, other: Buffer): Promise<number> {
  const a = await rgbOf(one);
  const b = await rgbOf(other, a.info.width, a.info.height);
  let total = 0;
  for (let i = 0; i < a.data.length; i += 1) total += Math.abs(a.data[i]! - b.data[i]!);
  return total / a.data.length;
}

/** Share of horizontally adjacent pixel pairs whose colours differ by at most 3 levels in every channel. */
export async function flatShare(bytes: Buffer): Promise<number> {
  const { data, info } = await rgbOf(bytes);
  let flat = 0;
  let pairs = 0;
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x + 1 < info.width; x += 1) {
      const at = (y * info.width + x) * 3;
      pairs += 1;
      if ([0, 1, 2].every((c) => Math.abs(data[at + c]! - data[at + 3 + c]!) <= 3)) flat += 1;
    }
  }
  return flat / pairs;
}
