import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, IMAGE_UPLOAD_TYPES, ImageDataUrlSchema, LIMITS } from '@act/contracts';
import { isAppError } from '../errors';
import { largeBlackPng } from '../testing/large-png';
import { makeNoisePng } from '../testing/images';
import {
  makeThumbnail,
  openImage,
  readImageDataUrl,
  sniffImageType,
  THUMBNAIL_EDGE,
  uprightImage,
} from './image';

const V = ERROR_TEXTS.validation;

function svg(width = 64, height = 48): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3366cc"/><circle cx="50%" cy="50%" r="30%" fill="#ffcc00"/></svg>`,
  );
}
const png = (width?: number, height?: number) => openImage(svg(width, height)).png().toBuffer();
const jpeg = () => openImage(svg()).jpeg().toBuffer();
const webp = () => openImage(svg()).webp().toBuffer();
const gif = () => openImage(svg()).gif().toBuffer();

function dataUrl(bytes: Buffer, label = 'image/png'): string {
  return `data:${label};base64,${bytes.toString('base64')}`;
}

async function rejection(dataUrlText: string, rules?: Parameters<typeof readImageDataUrl>[1]) {
  const error: unknown = await readImageDataUrl(dataUrlText, rules).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error('expected an AppError');
  return { status: error.status, message: error.message, field: error.details.field };
}

describe('the image types an upload may be', () => {
  it("are exactly what the contracts' data-URL pattern admits, type for type", async () => {
    const files: Record<string, Buffer> = {
      'image/png': await png(),
      'image/jpeg': await jpeg(),
      'image/webp': await webp(),
      'image/gif': await gif(),
      'image/avif': await openImage(svg()).avif().toBuffer(),
      'image/tiff': await openImage(svg()).tiff().toBuffer(),
    };
    const accepted: string[] = [];
    for (const [type, bytes] of Object.entries(files)) {
      const url = dataUrl(bytes, type);
      const admitted = ImageDataUrlSchema.safeParse(url).success;
      const readable = await readImageDataUrl(url).then(
        () => true,
        () => false,
      );
      // The OpenAPI document promises what the service then takes: no type passes one and fails the other.
      expect({ type, admitted }).toEqual({ type, admitted: readable });
      if (readable) accepted.push(type);
    }
    expect(accepted).toEqual([...IMAGE_UPLOAD_TYPES]);
    // Labels of types sharp cannot write here are refused by the pattern too, as the service would refuse them.
    for (const type of ['image/bmp', 'image/heic', 'image/heif', 'image/svg+xml'])
      expect(ImageDataUrlSchema.safeParse(dataUrl(Buffer.from('x'), type)).success, type).toBe(false);
    // A JPEG some systems label image/jpg is a JPEG.
    expect(ImageDataUrlSchema.safeParse(dataUrl(files['image/jpeg']!, 'image/jpg')).success).toBe(true);
  });
});

describe('readImageDataUrl', () => {
  it('accepts PNG, JPEG and WebP and reports the type proven by the bytes', async () => {
    expect(await readImageDataUrl(dataUrl(await png(40, 30)))).toMatchObject({
      mime: 'image/png',
      width: 40,
      height: 30,
    });
    expect((await readImageDataUrl(dataUrl(await jpeg(), 'image/jpeg'))).mime).toBe('image/jpeg');
    expect((await readImageDataUrl(dataUrl(await webp(), 'image/webp'))).mime).toBe('image/webp');
  });

  it('ignores the declared type: a JPEG labelled PNG is read as the JPEG it is', async () => {
    expect((await readImageDataUrl(dataUrl(await jpeg(), 'image/png'))).mime).toBe('image/jpeg');
  });

  it('refuses a GIF, even labelled as PNG, with the spec text', async () => {
    expect(await rejection(dataUrl(await gif()))).toEqual({
      status: 400,
      message: V.invalidImage,
      field: 'image',
    });
  });

  it('refuses text dressed up as an image', async () => {
    expect(await rejection(dataUrl(Buffer.from('hello, I am not a picture'), 'image/jpeg'))).toMatchObject({
      status: 400,
      message: V.invalidImage,
    });
  });

  it('refuses a file that only starts like a PNG', async () => {
    expect(await rejection(dataUrl((await png()).subarray(0, 24)))).toMatchObject({
      message: V.invalidImage,
    });
  });

  it('refuses a PNG whose header is whole but whose pixel data is cut short', async () => {
    const whole = await png(300, 200);
    const truncated = whole.subarray(0, Math.floor(whole.length * 0.6));
    // The header still reads: only decoding every row shows the damage.
    expect((await openImage(truncated).metadata()).width).toBe(300);
    expect(await rejection(dataUrl(truncated))).toEqual({
      status: 400,
      message: V.invalidImage,
      field: 'image',
    });
  });

  it('refuses a truncated JPEG and a PNG with fewer rows than it declares', async () => {
    const whole = await openImage(svg(300, 200)).jpeg().toBuffer();
    expect(await rejection(dataUrl(whole.subarray(0, Math.floor(whole.length * 0.6))))).toMatchObject({
      message: V.invalidImage,
    });
    expect(await rejection(dataUrl(largeBlackPng(200, 100, 40)))).toMatchObject({ message: V.invalidImage });
    expect((await readImageDataUrl(dataUrl(largeBlackPng(200, 100)))).width).toBe(200);
  });

  it('refuses a small file declaring 16k×16k from its header, without decoding it', async () => {
    // A 16384×16384 header over a single row: a few hundred bytes that would claim a gigabyte once decoded.
    const bomb = largeBlackPng(16_384, 16_384, 1);
    expect(bomb.length).toBeLessThan(1024);
    const started = performance.now();
    expect(await rejection(dataUrl(bomb))).toEqual({ status: 400, message: V.invalidImage, field: 'image' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a whole, valid picture above the pixel cap and accepts one just under it', async () => {
    // 48 MP and 36 MP of real, decodable pixels, each file only a few kilobytes.
    expect(8000 * 6000).toBeGreaterThan(LIMITS.imagePixels);
    expect(await rejection(dataUrl(largeBlackPng(8000, 6000)))).toMatchObject({ message: V.invalidImage });
    expect(await readImageDataUrl(dataUrl(largeBlackPng(6000, 6000)))).toMatchObject({
      width: 6000,
      height: 6000,
    });
  });

  it('refuses more than 10 MB with the spec text, before decoding', async () => {
    const bytes = Buffer.alloc(LIMITS.imageBytes + 16, 0x41);
    (await png()).copy(bytes);
    expect(await rejection(dataUrl(bytes))).toEqual({
      status: 400,
      message: V.imageTooLarge,
      field: 'image',
    });
  });

  it('refuses malformed base64 and non-base64 data URLs', async () => {
    expect(await rejection('data:image/png;base64,@@@@')).toMatchObject({ message: V.invalidImage });
    expect(await rejection('data:image/png,rawbytes')).toMatchObject({ message: V.invalidImage });
    expect(await rejection('data:image/png;base64,')).toMatchObject({ message: V.invalidImage });
    expect(await rejection('not a data url')).toMatchObject({ message: V.invalidImage });
  });

  it('answers with the caller’s field and text (chat attachments have their own)', async () => {
    expect(
      await rejection(dataUrl(await gif()), { field: 'attachment', invalidText: V.invalidChatImage }),
    ).toEqual({ status: 400, message: V.invalidChatImage, field: 'attachment' });
  });
});

describe('pixel bombs', () => {
  it('refuses a 200-byte PNG declaring 30000×30000 with the spec text, and memory does not jump', async () => {
    const bomb = largeBlackPng(30_000, 30_000, 1);
    expect(bomb.length).toBeLessThan(300);
    const before = process.memoryUsage().rss;
    expect(await rejection(dataUrl(bomb))).toEqual({ status: 400, message: V.invalidImage, field: 'image' });
    // Decoded, it would be 900 MP (about 2.7 GB as RGB): refused from the header, nothing of that size is allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });
});

/** 40×30 with the left half red and the right half blue, stored with EXIF orientation `orientation`. */
async function halvesWithOrientation(format: 'jpeg' | 'png' | 'webp', orientation: number): Promise<Buffer> {
  const halves = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="20" height="30" fill="#ff0000"/><rect x="20" width="20" height="30" fill="#0000ff"/></svg>`,
  );
  return openImage(halves).withMetadata({ orientation }).toFormat(format).toBuffer();
}

async function pixelAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await openImage(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('uprightImage', () => {
  it('turns the pixels of a photo stored sideways (EXIF 6) and drops the tag, keeping its format', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const sideways = await halvesWithOrientation(format, 6);
      const input = await readImageDataUrl(dataUrl(sideways, `image/${format}`));
      // Sizes are reported as seen, before anything is turned.
      expect([input.width, input.height]).toEqual([30, 40]);
      const upright = await uprightImage(input);
      expect(upright.mime).toBe(input.mime);
      expect(sniffImageType(upright.bytes)).toBe(`image/${format}`);
      const meta = await openImage(upright.bytes).metadata();
      expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([30, 40, 1]);
      // Turned a quarter clockwise: the red left half is now on top, the blue right half at the bottom.
      const [topRed, , topBlue] = await pixelAt(upright.bytes, 15, 2);
      const [bottomRed, , bottomBlue] = await pixelAt(upright.bytes, 15, 37);
      expect(topRed).toBeGreaterThan(200);
      expect(topBlue).toBeLessThan(60);
      expect(bottomBlue).toBeGreaterThan(200);
      expect(bottomRed).toBeLessThan(60);
    }
  });

  it('returns an upright image as it came', async () => {
    const input = await readImageDataUrl(dataUrl(await png(40, 30)));
    expect(await uprightImage(input)).toBe(input);
    const tagged = await readImageDataUrl(dataUrl(await halvesWithOrientation('jpeg', 1), 'image/jpeg'));
    expect((await uprightImage(tagged)).bytes).toBe(tagged.bytes);
  });
});

describe('openImage', () => {
  it('refuses to decode more than the pixel cap, whatever the caller passes', async () => {
    const big = largeBlackPng(8000, 6000);
    await expect(openImage(big).raw().toBuffer()).rejects.toThrow(/pixel limit/);
    await expect(
      openImage(big, { limitInputPixels: false } as never)
        .raw()
        .toBuffer(),
    ).rejects.toThrow(/pixel limit/);
  });

  it('stops on truncated data', async () => {
    const whole = await png(300, 200);
    await expect(openImage(whole.subarray(0, 3000)).raw().toBuffer()).rejects.toThrow();
  });
});

describe('sniffImageType', () => {
  it('knows the three magic numbers and nothing else', async () => {
    expect(sniffImageType(await png())).toBe('image/png');
    expect(sniffImageType(await jpeg())).toBe('image/jpeg');
    expect(sniffImageType(await webp())).toBe('image/webp');
    expect(sniffImageType(await gif())).toBeUndefined();
    expect(sniffImageType(svg())).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('makeThumbnail', () => {
  it('makes a small WebP within the thumbnail edge, keeping the aspect ratio, never enlarging', async () => {
    const photo = await makeNoisePng(1600, 900);
    const thumb = await makeThumbnail(photo);
    expect(sniffImageType(thumb)).toBe('image/webp');
    const { width, height } = await openImage(thumb).metadata();
    expect([width, height]).toEqual([THUMBNAIL_EDGE, 180]);
    expect(thumb.length).toBeLessThan(photo.length / 10);

    const small = await makeThumbnail(await makeNoisePng(100, 50));
    expect(await openImage(small).metadata()).toMatchObject({ width: 100, height: 50 });
  });
});
