import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { isAppError } from '../errors';
import { readAudioDataUrl, sniffAudioType } from './audio';

const V = ERROR_TEXTS.validation;

/** The first bytes of each kind of file, as encoders write them, followed by some filler. */
const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat([
    ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
    Buffer.alloc(32, 0x55),
  ]);
const u32 = (value: number) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

const SAMPLES = {
  id3Mp3: bytes('ID3', [4, 0, 0, 0, 0, 0, 0]),
  // MPEG-1 layer III, 128 kbit/s, 44.1 kHz: the most common untagged MP3 frame header.
  bareMp3: bytes([0xff, 0xfb, 0x90, 0x64]),
  // MPEG-2 layer III, 64 kbit/s, 22.05 kHz.
  mpeg2Mp3: bytes([0xff, 0xf3, 0x80, 0xc4]),
  wav: bytes('RIFF', [0x24, 0x08, 0, 0], 'WAVEfmt '),
  ogg: bytes('OggS', [0, 2]),
  flac: bytes('fLaC', [0, 0, 0, 0x22]),
  m4a: bytes(u32(0x20), 'ftypM4A ', [0, 0, 0, 0], 'M4A mp42isom'),
  mp42: bytes(u32(0x18), 'ftypmp42', [0, 0, 0, 0], 'isommp42'),
  // ADTS, MPEG-4 AAC LC, 44.1 kHz, stereo.
  adts: bytes([0xff, 0xf1, 0x50, 0x80, 0x2e, 0x7f, 0xfc]),
  // EBML header: version fields, then DocType (0x4282) 'webm'.
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm'),
};

function dataUrl(content: Buffer, label = 'audio/mpeg'): string {
  return `data:${label};base64,${content.toString('base64')}`;
}

function rejection(dataUrlText: string) {
  try {
    readAudioDataUrl(dataUrlText);
  } catch (error) {
    if (isAppError(error))
      return { status: error.status, message: error.message, field: error.details.field };
  }
  throw new Error('expected an AppError');
}

describe('sniffAudioType', () => {
  it('knows MP3 (tagged or not), WAV, OGG, FLAC, M4A, AAC and WebM by their first bytes', () => {
    expect(sniffAudioType(SAMPLES.id3Mp3)).toBe('audio/mpeg');
    expect(sniffAudioType(SAMPLES.bareMp3)).toBe('audio/mpeg');
    expect(sniffAudioType(SAMPLES.mpeg2Mp3)).toBe('audio/mpeg');
    expect(sniffAudioType(SAMPLES.wav)).toBe('audio/wav');
    expect(sniffAudioType(SAMPLES.ogg)).toBe('audio/ogg');
    expect(sniffAudioType(SAMPLES.flac)).toBe('audio/flac');
    expect(sniffAudioType(SAMPLES.m4a)).toBe('audio/mp4');
    expect(sniffAudioType(SAMPLES.mp42)).toBe('audio/mp4');
    expect(sniffAudioType(SAMPLES.adts)).toBe('audio/aac');
    expect(sniffAudioType(SAMPLES.webm)).toBe('audio/webm');
  });

  it('refuses look-alikes: other RIFF and ftyp files, Matroska, reserved MPEG fields, images, text', () => {
    expect(sniffAudioType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBeUndefined();
    expect(sniffAudioType(bytes(u32(0x18), 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeUndefined();
    expect(
      sniffAudioType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska')),
    ).toBeUndefined();
    // Sync bits followed by the reserved MPEG version, a 'bad' bitrate or a reserved sample rate.
    expect(sniffAudioType(bytes([0xff, 0xeb, 0x90, 0x64]))).toBeUndefined();
    expect(sniffAudioType(bytes([0xff, 0xfb, 0xf0, 0x64]))).toBeUndefined();
    expect(sniffAudioType(bytes([0xff, 0xfb, 0x9c, 0x64]))).toBeUndefined();
    expect(sniffAudioType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined(); // a JPEG
    expect(sniffAudioType(bytes('%PDF-1.7'))).toBeUndefined();
    expect(sniffAudioType(Buffer.from('hello'))).toBeUndefined();
    expect(sniffAudioType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('readAudioDataUrl', () => {
  it('returns the bytes and the type proven by them, whatever the label says', () => {
    const audio = readAudioDataUrl(dataUrl(SAMPLES.wav, 'audio/mpeg'));
    expect(audio.mime).toBe('audio/wav');
    expect(audio.bytes.equals(SAMPLES.wav)).toBe(true);
  });

  it('refuses a file that is not audio with the spec text', () => {
    expect(rejection(dataUrl(Buffer.from('not a song at all'), 'audio/mpeg'))).toEqual({
      status: 400,
      message: V.invalidAudio,
      field: 'audioFile',
    });
  });

  it('refuses more than 5 MB with the spec text, even when it starts like audio', () => {
    const big = Buffer.alloc(LIMITS.audioBytes + 1, 0);
    SAMPLES.id3Mp3.copy(big);
    expect(rejection(dataUrl(big))).toEqual({ status: 400, message: V.audioTooLarge, field: 'audioFile' });
    const justFits = Buffer.alloc(LIMITS.audioBytes, 0);
    SAMPLES.id3Mp3.copy(justFits);
    expect(readAudioDataUrl(dataUrl(justFits)).mime).toBe('audio/mpeg');
  });

  it('refuses a payload that is not base64', () => {
    expect(rejection('data:audio/mpeg;base64,ID3!!')).toMatchObject({ message: V.invalidAudio });
  });
});
