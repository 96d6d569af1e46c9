import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { isAppError } from '@act/service-kit';
import { dataUrl, makeGif, makeJpeg, makePng, makeWebp, oversizePngDataUrl } from '../test-support/images';
import { readImageDataUrl, sniffImageType } from './image-input';

const V = ERROR_TEXTS.validation;

async function rejection(dataUrlText: string) {
  const error: unknown = await readImageDataUrl(dataUrlText).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error('expected an AppError');
  return { status: error.status, message: error.message };
}

describe('readImageDataUrl', () => {
  it('accepts PNG, JPEG and WebP and reports the type proven by the bytes', async () => {
    const png = await readImageDataUrl(dataUrl(await makePng({ width: 40, height: 30 }), 'image/png'));
    expect(png).toMatchObject({ mime: 'image/png', width: 40, height: 30 });
    expect((await readImageDataUrl(dataUrl(await makeJpeg(), 'image/jpeg'))).mime).toBe('image/jpeg');
    expect((await readImageDataUrl(dataUrl(await makeWebp(), 'image/webp'))).mime).toBe('image/webp');
  });

  it('ignores the declared type: a JPEG labelled PNG is read as the JPEG it is', async () => {
    const image = await readImageDataUrl(dataUrl(await makeJpeg(), 'image/png'));
    expect(image.mime).toBe('image/jpeg');
  });

  it('refuses a GIF, even labelled as PNG, with the spec text', async () => {
    expect(await rejection(dataUrl(await makeGif(), 'image/png'))).toEqual({
      status: 400,
      message: V.invalidImage,
    });
  });

  it('refuses text dressed up as an image', async () => {
    expect(await rejection(dataUrl(Buffer.from('hello, I am not a picture'), 'image/jpeg'))).toEqual({
      status: 400,
      message: V.invalidImage,
    });
  });

  it('refuses a file that only starts like a PNG', async () => {
    const png = await makePng();
    expect(await rejection(dataUrl(png.subarray(0, 24)))).toMatchObject({ message: V.invalidImage });
  });

  it('refuses more than 10 MB with the spec text, before decoding', async () => {
    expect(await rejection(oversizePngDataUrl())).toEqual({ status: 400, message: V.imageTooLarge });
  });

  it('refuses malformed base64 and non-base64 data URLs', async () => {
    expect(await rejection('data:image/png;base64,@@@@')).toMatchObject({ message: V.invalidImage });
    expect(await rejection('data:image/png,rawbytes')).toMatchObject({ message: V.invalidImage });
    expect(await rejection('data:image/png;base64,')).toMatchObject({ message: V.invalidImage });
  });
});

describe('sniffImageType', () => {
  it('knows the three magic numbers and nothing else', async () => {
    expect(sniffImageType(await makePng())).toBe('image/png');
    expect(sniffImageType(await makeJpeg())).toBe('image/jpeg');
    expect(sniffImageType(await makeWebp())).toBe('image/webp');
    expect(sniffImageType(await makeGif())).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});
