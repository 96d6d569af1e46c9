import { describe, expect, it } from 'vitest';
import { makeFlac, makeM4a, makeMp3, makeUnchainedMp3 } from '../testing/audio';
import {
  adtsFramesChain,
  flacBlocksReachAFrame,
  mp4BoxesChain,
  mpegFramesChain,
  oggPagesChain,
} from './frame-chains';

/** An ADTS frame (AAC LC, 44.1 kHz, stereo) of `length` bytes, header included. */
function adtsFrame(length: number): Buffer {
  const frame = Buffer.alloc(length);
  frame.set([
    0xff,
    0xf1,
    0x50,
    0x80 | ((length >> 11) & 3),
    (length >> 3) & 0xff,
    ((length & 7) << 5) | 0x1f,
    0xfc,
  ]);
  return frame;
}

/** An Ogg page carrying `segments` full 255-byte segments. */
function oggPage(segments: number): Buffer {
  const header = Buffer.alloc(27 + segments);
  header.write('OggS', 0, 'latin1');
  header[26] = segments;
  header.fill(255, 27);
  return Buffer.concat([header, Buffer.alloc(255 * segments, 0x11)]);
}

describe('frame chains', () => {
  it('follows MP3 frames from after the ID3 tag to the end, and stops at headers that do not chain', () => {
    expect(mpegFramesChain(makeMp3(50))).toBe(true);
    expect(mpegFramesChain(makeUnchainedMp3(50))).toBe(false);
    // Padding after the tag before the first frame, as some encoders leave.
    const mp3 = makeMp3(50);
    expect(mpegFramesChain(Buffer.concat([mp3.subarray(0, 20), Buffer.alloc(300), mp3.subarray(20)]))).toBe(
      true,
    );
  });

  it('refuses a small file of one good frame and noise after it', () => {
    const noise = Buffer.alloc(3000, 0x5a);
    expect(mpegFramesChain(Buffer.concat([makeMp3(1), noise]))).toBe(false);
  });

  it('follows ADTS frames of varying lengths, and refuses them when a length is false', () => {
    const frames = [300, 371, 402, 290, 310].flatMap((length) => [adtsFrame(length), adtsFrame(length + 7)]);
    expect(adtsFramesChain(Buffer.concat(frames))).toBe(true);
    const lying = frames.map((frame, i) =>
      i % 3 === 1 ? Buffer.concat([frame, Buffer.alloc(200, 0x33)]) : frame,
    );
    expect(adtsFramesChain(Buffer.concat([...lying, ...lying, ...lying]))).toBe(false);
  });

  it('follows Ogg pages from the first byte, and refuses a file whose pages do not chain', () => {
    const pages = [oggPage(4), oggPage(17), oggPage(2)];
    expect(oggPagesChain(Buffer.concat(pages))).toBe(true);
    const broken = Buffer.concat([pages[0]!, Buffer.alloc(700, 0x44), ...pages.slice(1)]);
    expect(oggPagesChain(Buffer.concat([broken, broken, broken]))).toBe(false);
    expect(oggPagesChain(Buffer.concat([Buffer.from('x'), ...pages]))).toBe(false);
  });

  it('follows MP4 boxes to the end and wants media data in them', () => {
    const m4a = makeM4a(3);
    expect(mp4BoxesChain(m4a)).toBe(true);
    // The headers alone, or a box whose size runs past the end: no sound to play.
    expect(mp4BoxesChain(m4a.subarray(0, m4a.length - 72))).toBe(false);
    expect(mp4BoxesChain(m4a.subarray(0, m4a.length - 1))).toBe(false);
    expect(mp4BoxesChain(Buffer.concat([m4a, Buffer.alloc(100, 0x77)]))).toBe(false);
  });

  it('follows FLAC metadata to a first frame whose header checksum holds', () => {
    const flac = makeFlac(44100);
    expect(flacBlocksReachAFrame(flac)).toBe(true);
    const frameAt = 8 + 34;
    expect(flacBlocksReachAFrame(flac.subarray(0, frameAt))).toBe(false);
    const flipped = Buffer.from(flac);
    flipped[frameAt + 4] = 0x01; // the frame number changes, the checksum does not
    expect(flacBlocksReachAFrame(flipped)).toBe(false);
  });
});
