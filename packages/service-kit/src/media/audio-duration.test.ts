import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { isAppError } from '../errors';
import { readAudioDataUrl } from './audio';
import { audioDurationSeconds } from './audio-duration';

/** A PCM WAV of `seconds` of silence (16-bit mono at `rate`). */
function wav(seconds: number, rate = 8000): Buffer {
  const data = Math.round(seconds * rate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** `frames` MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz (417 bytes each, 1152 samples), after an ID3 tag. */
function mp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const tag = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 10, ...new Array<number>(10).fill(0)]);
  return Buffer.concat([tag, ...new Array<Buffer>(frames).fill(frame)]);
}

/** A FLAC header whose STREAMINFO says `samples` samples at 44.1 kHz. */
function flac(samples: number): Buffer {
  const bytes = Buffer.alloc(8 + 34);
  bytes.write('fLaC', 0, 'latin1');
  bytes.set([0x80, 0, 0, 34], 4);
  // 20 bits of rate, 3 of channels-1, 5 of depth-1, then 36 bits of samples.
  const rate = 44100;
  bytes.writeUInt32BE(((rate << 12) | (1 << 9) | (15 << 4)) >>> 0, 8 + 10);
  bytes.writeUInt32BE(samples, 8 + 14);
  return bytes;
}

/** An M4A whose movie header says `seconds` (timescale 1000). */
function m4a(seconds: number): Buffer {
  const ftyp = Buffer.alloc(20);
  ftyp.writeUInt32BE(20, 0);
  ftyp.write('ftypM4A ', 4, 'latin1');
  const mvhd = Buffer.alloc(8 + 100);
  mvhd.writeUInt32BE(mvhd.length, 0);
  mvhd.write('mvhd', 4, 'latin1');
  mvhd.writeUInt32BE(1000, 8 + 12);
  mvhd.writeUInt32BE(seconds * 1000, 8 + 16);
  const moov = Buffer.alloc(8);
  moov.writeUInt32BE(8 + mvhd.length, 0);
  moov.write('moov', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mvhd]);
}

const dataUrl = (bytes: Buffer, label = 'audio/wav') => `data:${label};base64,${bytes.toString('base64')}`;

describe('audioDurationSeconds', () => {
  it('reads the length of WAV, MP3, FLAC and M4A files from their headers', () => {
    expect(audioDurationSeconds(wav(2.5), 'audio/wav')).toBeCloseTo(2.5, 3);
    expect(audioDurationSeconds(mp3(100), 'audio/mpeg')).toBeCloseTo((100 * 1152) / 44100, 3);
    expect(audioDurationSeconds(flac(441000), 'audio/flac')).toBeCloseTo(10, 3);
    expect(audioDurationSeconds(m4a(42), 'audio/mp4')).toBeCloseTo(42, 3);
  });

  it('says nothing rather than guessing when a header is cut short', () => {
    expect(audioDurationSeconds(wav(1).subarray(0, 30), 'audio/wav')).toBeUndefined();
    expect(audioDurationSeconds(Buffer.from('OggS'), 'audio/ogg')).toBeUndefined();
  });
});

describe('readAudioDataUrl duration cap', () => {
  it('refuses a recording longer than the cap with our text, and passes one within it with its length', () => {
    const ok = readAudioDataUrl(dataUrl(wav(3)), 'audioFile', { maxSeconds: 4 });
    expect(ok.durationSeconds).toBeCloseTo(3, 3);
    try {
      readAudioDataUrl(dataUrl(wav(5)), 'audioFile', { maxSeconds: 4 });
      throw new Error('expected a refusal');
    } catch (error) {
      expect(isAppError(error) && [error.status, error.message]).toEqual([
        400,
        ERROR_TEXTS.voice.audioTooLong,
      ]);
    }
  });
});
