import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { isAppError } from '../errors';
import {
  makeFlac,
  makeJunkFramesMp3,
  makeM4a,
  makeMp3,
  makeUnchainedMp3,
  makeWav,
  makeWebm,
} from '../testing/audio';
import { audioDurationSeconds, probeAudio, readAudioDataUrl } from './audio';

const V = ERROR_TEXTS.validation;

/** Bytes made of text and byte runs, followed by some filler (the first bytes of look-alike files). */
const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat([
    ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
    Buffer.alloc(64, 0x55),
  ]);
const u32 = (value: number) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

function dataUrl(content: Buffer, label = 'audio/mpeg'): string {
  return `data:${label};base64,${content.toString('base64')}`;
}

async function rejection(dataUrlText: string, maxSeconds?: number) {
  try {
    await readAudioDataUrl(dataUrlText, 'audioFile', maxSeconds === undefined ? {} : { maxSeconds });
  } catch (error) {
    if (isAppError(error))
      return { status: error.status, message: error.message, field: error.details.field };
  }
  throw new Error('expected an AppError');
}

describe('probeAudio', () => {
  it('knows MP3, WAV, FLAC, M4A and WebM by their bytes and reads how long they play', async () => {
    expect(await probeAudio(makeWav(2.5))).toEqual({ mime: 'audio/wav', durationSeconds: 2.5 });
    const mp3 = await probeAudio(makeMp3(100));
    expect(mp3?.mime).toBe('audio/mpeg');
    expect(mp3?.durationSeconds).toBeCloseTo((100 * 1152) / 44100, 3);
    expect(await probeAudio(makeFlac(441000))).toEqual({ mime: 'audio/flac', durationSeconds: 10 });
    expect(await probeAudio(makeM4a(42))).toEqual({ mime: 'audio/mp4', durationSeconds: 42 });
    expect(await probeAudio(makeWebm(5))).toEqual({ mime: 'audio/webm', durationSeconds: 5 });
  });

  it('takes a MediaRecorder WebM, whose header leaves the length out, on its audio track alone', async () => {
    expect(await probeAudio(makeWebm())).toEqual({ mime: 'audio/webm', durationSeconds: undefined });
  });

  it('refuses what only starts like audio: junk MPEG frames, a WAV with a zero byte rate, a bare header', async () => {
    expect(await probeAudio(makeJunkFramesMp3())).toBeUndefined();
    expect(await probeAudio(makeWav(2.5, { byteRate: 0 }))).toBeUndefined();
    expect(await probeAudio(makeWav(2.5, { byteRate: 12345 }))).toBeUndefined();
    expect(await probeAudio(makeWav(1).subarray(0, 30))).toBeUndefined();
    // A FLAC marker with an empty STREAMINFO block.
    expect(await probeAudio(Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(64)]))).toBeUndefined();
    expect(await probeAudio(bytes('OggS', [0, 2]))).toBeUndefined();
    expect(await probeAudio(bytes('ID3', [4, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(await probeAudio(bytes([0xff, 0xfb, 0x90, 0x64]))).toBeUndefined();
  });

  it('refuses an MP3 of valid frame headers whose frames do not chain, however many there are', async () => {
    expect(await probeAudio(makeUnchainedMp3())).toBeUndefined();
    expect(await probeAudio(makeUnchainedMp3(5000, 3))).toBeUndefined();
  });

  it('refuses an M4A of headers without media data, and a FLAC header with no frame after it', async () => {
    const m4a = makeM4a(3);
    expect(await probeAudio(m4a.subarray(0, m4a.length - 72))).toBeUndefined();
    expect(await probeAudio(makeFlac(44100).subarray(0, 8 + 34))).toBeUndefined();
  });

  it('takes an MP3 whose frames chain after an ID3 tag, with a cut-off last frame and an ID3v1 tag at the end', async () => {
    const mp3 = makeMp3(100);
    expect((await probeAudio(mp3.subarray(0, mp3.length - 200)))?.mime).toBe('audio/mpeg');
    const id3v1 = Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125)]);
    expect((await probeAudio(Buffer.concat([mp3, id3v1])))?.mime).toBe('audio/mpeg');
    // Two frames that chain, then a page of noise: not an MP3.
    expect(await probeAudio(Buffer.concat([makeMp3(2), makeUnchainedMp3(50).subarray(20)]))).toBeUndefined();
  });

  it('refuses look-alikes: other RIFF and ftyp files, Matroska, images, PDFs, text', async () => {
    expect(await probeAudio(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBeUndefined();
    expect(await probeAudio(bytes(u32(0x18), 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeUndefined();
    expect(
      await probeAudio(bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska')),
    ).toBeUndefined();
    expect(await probeAudio(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined(); // a JPEG
    expect(await probeAudio(bytes('%PDF-1.7'))).toBeUndefined();
    expect(await probeAudio(Buffer.from('hello'))).toBeUndefined();
    expect(await probeAudio(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('audioDurationSeconds', () => {
  it('reads the length of a made MP3, and says nothing for bytes that are not one', async () => {
    expect(await audioDurationSeconds(makeMp3(100), 'audio/mpeg')).toBeCloseTo((100 * 1152) / 44100, 3);
    expect(await audioDurationSeconds(Buffer.from('not audio'), 'audio/mpeg')).toBeUndefined();
  });
});

describe('readAudioDataUrl', () => {
  it('returns the bytes, the type proven by them whatever the label says, and the length', async () => {
    const wav = makeWav(3);
    const audio = await readAudioDataUrl(dataUrl(wav, 'audio/mpeg'));
    expect(audio.mime).toBe('audio/wav');
    expect(audio.bytes.equals(wav)).toBe(true);
    expect(audio.durationSeconds).toBeCloseTo(3, 3);
  });

  it('refuses a file that is not audio, or audio nothing can play, with the spec text', async () => {
    const refused = { status: 400, message: V.invalidAudio, field: 'audioFile' };
    expect(await rejection(dataUrl(Buffer.from('not a song at all')))).toEqual(refused);
    expect(await rejection(dataUrl(makeJunkFramesMp3()))).toEqual(refused);
    expect(await rejection(dataUrl(makeWav(2, { byteRate: 0 }), 'audio/wav'))).toEqual(refused);
  });

  it('refuses more than 5 MB with the spec text before reading it, and takes a file of exactly 5 MB', async () => {
    const big = Buffer.alloc(LIMITS.audioBytes + 1, 0);
    makeMp3(10).copy(big);
    expect(await rejection(dataUrl(big))).toEqual({
      status: 400,
      message: V.audioTooLarge,
      field: 'audioFile',
    });
    const rate = 44100;
    const justFits = makeWav((LIMITS.audioBytes - 44) / 2 / rate, { rate, byteRate: rate * 2 });
    expect(justFits.length).toBe(LIMITS.audioBytes);
    expect((await readAudioDataUrl(dataUrl(justFits))).mime).toBe('audio/wav');
  });

  it('refuses a payload that is not base64', async () => {
    expect(await rejection('data:audio/mpeg;base64,ID3!!')).toMatchObject({ message: V.invalidAudio });
  });

  it('refuses a recording longer than the cap with our text, and passes one within it', async () => {
    expect(
      (await readAudioDataUrl(dataUrl(makeWav(3)), 'audioFile', { maxSeconds: 4 })).durationSeconds,
    ).toBeCloseTo(3, 3);
    expect(await rejection(dataUrl(makeWav(5)), 4)).toEqual({
      status: 400,
      message: ERROR_TEXTS.voice.audioTooLong,
      field: 'audioFile',
    });
    // The default cap is the spec's five minutes, read from the stream headers whatever the container.
    expect(await rejection(dataUrl(makeM4a(LIMITS.audioMaxSeconds + 1), 'audio/mp4'))).toMatchObject({
      message: ERROR_TEXTS.voice.audioTooLong,
    });
    expect(
      await rejection(dataUrl(makeFlac(44100 * (LIMITS.audioMaxSeconds + 1)), 'audio/flac')),
    ).toMatchObject({
      message: ERROR_TEXTS.voice.audioTooLong,
    });
  });
});
