// Whether an MP3, an ADTS AAC or an Ogg file is the chain of frames (pages) its headers say it is, an MP4 the chain
// of boxes, and a FLAC file the chain of metadata blocks up to a first frame (docs/architecture.md, the voice
// service). Each frame header states the frame's length, so the next header must sit exactly there, all the way
// through the file. music-metadata resynchronises past anything that is not a frame (as players do with a
// few damaged bytes), so a file of valid headers with noise between them at other lengths reads to it as minutes of
// audio; no decoder can play it. Walking the chain refuses it without decoding, for a few microseconds per frame.

/** What one frame's header says: how long the frame is, and what must stay the same from frame to frame. */
interface FrameHeader {
  length: number;
  /** The header bits every frame of one stream shares (version, layer, sample rate...). */
  stream: number;
}

type ReadHeader = (bytes: Uint8Array, at: number) => FrameHeader | undefined;

/**
 * Bytes allowed outside the chain: before the first frame (padding after the ID3 tag) and after the last (an ID3v1 or
 * small APE tag, a cut-off last frame). Small next to any recording, large next to every trailer encoders write.
 */
const SLACK_BYTES = 4096;

// Bit rates in kbit/s by bit-rate index: MPEG-1 layers I, II, III, then MPEG-2/2.5 layer I, and layers II and III.
const MPEG1_KBPS = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
];
const MPEG2_KBPS = [
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
/** Sample rates by version bits (0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1) and sample-rate index. */
const MPEG_RATES: Readonly<Record<number, readonly number[]>> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

/** An MPEG audio frame header (ISO 11172-3 / 13818-3); free-format and reserved values are not frames. */
const readMpegHeader: ReadHeader = (bytes, at) => {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  const version = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3; // 3: layer I, 2: layer II, 1: layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
    return undefined;
  }
  const layer = 4 - layerBits;
  const bitrate = (version === 3 ? MPEG1_KBPS : MPEG2_KBPS)[layer - 1]![bitrateIndex]! * 1000;
  const rate = MPEG_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  let length: number;
  if (layer === 1) length = (Math.floor((12 * bitrate) / rate) + padding) * 4;
  else if (layer === 3 && version !== 3) length = Math.floor((72 * bitrate) / rate) + padding;
  else length = Math.floor((144 * bitrate) / rate) + padding;
  return { length, stream: ((b1 & 0x1e) << 2) | rateIndex };
};

/** An ADTS header (raw AAC): 12 sync bits, layer 0, a known sample rate, and a frame length of at least the header. */
const readAdtsHeader: ReadHeader = (bytes, at) => {
  if (at + 7 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xf6) !== 0xf0) return undefined;
  const rateIndex = (bytes[at + 2]! >> 2) & 0xf;
  const length = ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | (bytes[at + 5]! >> 5);
  if (rateIndex > 12 || length < 7) return undefined;
  return { length, stream: bytes[at + 2]! >> 2 };
};

/** An Ogg page: "OggS", version 0, then 27 header bytes, the segment table, and the segments it lists. */
const readOggPage: ReadHeader = (bytes, at) => {
  if (at + 27 > bytes.length || bytes[at + 4] !== 0) return undefined;
  if (String.fromCharCode(...bytes.subarray(at, at + 4)) !== 'OggS') return undefined;
  const segments = bytes[at + 26]!;
  if (at + 27 + segments > bytes.length) return undefined;
  let length = 27 + segments;
  for (let i = 0; i < segments; i += 1) length += bytes[at + 27 + i]!;
  return { length, stream: 0 };
};

/** Where the audio starts after any ID3v2 tags (10-byte header, a syncsafe size, and a footer when flagged). */
function afterId3v2(bytes: Uint8Array): number {
  let at = 0;
  while (at + 10 <= bytes.length && bytes[at] === 0x49 && bytes[at + 1] === 0x44 && bytes[at + 2] === 0x33) {
    const size =
      ((bytes[at + 6]! & 0x7f) << 21) |
      ((bytes[at + 7]! & 0x7f) << 14) |
      ((bytes[at + 8]! & 0x7f) << 7) |
      (bytes[at + 9]! & 0x7f);
    at += 10 + size + (bytes[at + 5]! & 0x10 ? 10 : 0);
  }
  return at;
}

/**
 * Whether frames chain from near `start` to near the end: the first frame is found within SLACK_BYTES (where the next
 * header follows it, so a stray 0xFF in padding is not taken for one), every header of the same stream sits where the
 * one before it ends, and at most SLACK_BYTES (and under half what chained) are left after the last; a cut-off last
 * frame counts as reaching the end.
 */
function framesChain(bytes: Uint8Array, start: number, read: ReadHeader): boolean {
  const sameStream = (at: number, stream: number) => read(bytes, at)?.stream === stream;
  let at = start;
  const searchEnd = Math.min(bytes.length, start + SLACK_BYTES);
  for (; at < searchEnd; at += 1) {
    const first = read(bytes, at);
    if (first && (at + first.length >= bytes.length || sameStream(at + first.length, first.stream))) break;
  }
  const first = at < searchEnd ? read(bytes, at) : undefined;
  if (!first) return false;
  const chainStart = at;
  for (let frame = read(bytes, at); frame?.stream === first.stream; frame = read(bytes, at)) {
    at = Math.min(bytes.length, at + frame.length);
  }
  const left = bytes.length - at;
  // In a small file the slack could be most of it: what is left must also be small next to what chained.
  return left <= SLACK_BYTES && left * 2 <= at - chainStart;
}

/** The MPEG audio frames of an MP3 (or MP2/MP1) chain from after its ID3v2 tags to its end. */
export function mpegFramesChain(bytes: Uint8Array): boolean {
  return framesChain(bytes, afterId3v2(bytes), readMpegHeader);
}

/** The ADTS frames of a raw AAC file chain from after its ID3v2 tags to its end. */
export function adtsFramesChain(bytes: Uint8Array): boolean {
  return framesChain(bytes, afterId3v2(bytes), readAdtsHeader);
}

/** The pages of an Ogg file chain from its first byte to its end. */
export function oggPagesChain(bytes: Uint8Array): boolean {
  return readOggPage(bytes, 0) !== undefined && framesChain(bytes, 0, readOggPage);
}

/**
 * An MP4 (M4A) file's top-level boxes chain from the first byte to the end (a size of 0 runs to the end, 1 says a
 * 64-bit size follows), and one of them is an `mdat` holding bytes: the headers alone hold no sound.
 */
export function mp4BoxesChain(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let media = false;
  let at = 0;
  while (at + 8 <= bytes.length) {
    const declared = view.getUint32(at);
    const size =
      declared === 0
        ? bytes.length - at
        : declared === 1 && at + 16 <= bytes.length
          ? Number(view.getBigUint64(at + 8))
          : declared;
    const headerSize = declared === 1 ? 16 : 8;
    if (size < headerSize || at + size > bytes.length) return false;
    if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === 'mdat' && size > headerSize) media = true;
    at += size;
  }
  return media && at === bytes.length;
}

/** CRC-8 (polynomial x^8 + x^2 + x + 1) as FLAC frame headers carry it. */
function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** The length of a FLAC frame header at `at` whose CRC-8 holds, or undefined when there is none there. */
function flacFrameHeaderLength(bytes: Uint8Array, at: number): number | undefined {
  if (at + 6 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xfe) !== 0xf8) return undefined;
  const blockSizeCode = bytes[at + 2]! >> 4;
  const rateCode = bytes[at + 2]! & 0xf;
  if (blockSizeCode === 0 || rateCode === 0xf || bytes[at + 3]! >> 4 > 10 || (bytes[at + 3]! & 1) !== 0) {
    return undefined;
  }
  // The frame (or sample) number, UTF-8 coded: the count of leading ones says how many bytes follow.
  const lead = bytes[at + 4]!;
  const extra = lead < 0x80 ? 0 : lead >= 0xfe ? 6 : Math.clz32(~(lead << 24)) - 1;
  let length = 5 + extra;
  length += blockSizeCode === 6 ? 1 : blockSizeCode === 7 ? 2 : 0;
  length += rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0;
  if (at + length + 1 > bytes.length) return undefined;
  return crc8(bytes.subarray(at, at + length)) === bytes[at + length] ? length + 1 : undefined;
}

/**
 * A FLAC file's metadata blocks (after any ID3v2 tag and "fLaC") chain to the last one, and a frame whose header's
 * CRC-8 holds starts right after it. FLAC frames do not state their length, so past the first one only a decoder
 * could go further.
 */
export function flacBlocksReachAFrame(bytes: Uint8Array): boolean {
  let at = afterId3v2(bytes);
  if (String.fromCharCode(...bytes.subarray(at, at + 4)) !== 'fLaC') return false;
  at += 4;
  for (let last = false; !last;) {
    if (at + 4 > bytes.length || (bytes[at]! & 0x7f) === 0x7f) return false;
    last = (bytes[at]! & 0x80) !== 0;
    at += 4 + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);
  }
  return flacFrameHeaderLength(bytes, at) !== undefined;
}
