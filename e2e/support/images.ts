// Images the tool pages are given in e2e: a real PNG, a gradient (wider than tall reads as a landscape to the local
// image analysis).
import { openImage } from '@act/service-kit/media';

/** A `width`×`height` RGB gradient, encoded as a real PNG. */
export async function gradientPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = Math.round((x / (width - 1)) * 255);
      pixels[at + 1] = Math.round((y / (height - 1)) * 200);
      pixels[at + 2] = 255 - Math.round((x / (width - 1)) * 255);
    }
  }
  return openImage(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
