// Small but real audio files of each accepted container, built byte by byte as their encoders lay them out (headers,
// frames, boxes, pages), so the upload checks read them like a member's recording; and the unreadable look-alikes
// the red team sent (an MP3 of junk frames, a WAV whose byte rate is zero).

/** A PCM WAV of `seconds` of silence, 16-bit mono at `rate`; `byteRate` may be set to a false value. */
export function makeWav(seconds: number, options: { rate?: number; byteRate?: number } = {}): Buffer {
  const rate = options.rate ?? 8000;
  const byteRate = options.byteRate ?? rate * 2;
  const data = Math.round(seconds * rate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(byteRate, 28);
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** An ID3v2.4 tag with no frames (10 bytes of padding), as taggers leave at the start of an MP3. */
const ID3_TAG = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 10, ...new Array<number>(10).fill(0)]);

/** `frames` silent MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz (417 bytes, 1152 samples each) after an ID3 tag. */
export function makeMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([ID3_TAG, ...new Array<Buffer>(frames).fill(frame)]);
}

/**
 * The red team's MP3: an ID3 tag, then `frames` 417-byte "frames" that open with the MPEG sync bits but whose headers
 * name the forbidden bitrate, filled with (seeded) noise. It starts like an MP3 and holds no playable frame.
 */
export function makeJunkFramesMp3(frames = 2000, seed = 7): Buffer {
  let state = seed;
  const junk = Buffer.alloc(417 * frames);
  for (let i = 0; i < junk.length; i += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    junk[i] = state >>> 23;
  }
  for (let at = 0; at < junk.length; at += 417) junk.set([0xff, 0xfb, 0xf0, 0x64], at);
  return Buffer.concat([ID3_TAG, junk]);
}

/**
 * The red team's second MP3: an ID3 tag, then `frames` valid MPEG-1 layer III headers (128 kbit/s, 44.1 kHz, so each
 * says its frame is 417 bytes), each followed by (seeded) noise of some other length, so no header sits where the one
 * before it says the next frame starts. Every header reads well on its own; nothing chains, nothing plays.
 */
export function makeUnchainedMp3(frames = 2000, seed = 11): Buffer {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) >>> 15;
  const parts: Buffer[] = [ID3_TAG];
  for (let i = 0; i < frames; i += 1) {
    const body = Buffer.alloc(200 + (next() % 200));
    for (let k = 0; k < body.length; k += 1) body[k] = next() & 0xff;
    parts.push(Buffer.from([0xff, 0xfb, 0x90, 0x64]), body);
  }
  return Buffer.concat(parts);
}

/**
 * A FLAC stream header whose STREAMINFO says `samples` samples of 16-bit stereo at 44.1 kHz, then the header of its
 * first frame (4096 samples, frame 0, with its CRC-8) and a few bytes of it.
 */
export function makeFlac(samples: number): Buffer {
  // The header's CRC-8 (polynomial 0x07) is 0xc2, worked out once here rather than by the code the tests check.
  const frameHeader = Buffer.from([0xff, 0xf8, 0xc9, 0x18, 0x00, 0xc2]);
  const frame = Buffer.concat([frameHeader, Buffer.alloc(32)]);
  return Buffer.concat([flacHeader(samples), frame]);
}

function flacHeader(samples: number): Buffer {
  const bytes = Buffer.alloc(8 + 34);
  bytes.write('fLaC', 0, 'latin1');
  bytes.set([0x80, 0, 0, 34], 4); // last metadata block, STREAMINFO, 34 bytes
  bytes.writeUInt16BE(4096, 8); // min and max block size
  bytes.writeUInt16BE(4096, 10);
  // 20 bits of rate, 3 of channels - 1, 5 of depth - 1, then 36 bits of samples.
  bytes.writeUInt32BE(((44100 << 12) | (1 << 9) | (15 << 4)) >>> 0, 8 + 10);
  bytes.writeUInt32BE(samples, 8 + 14);
  return bytes;
}

function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** An M4A (AAC in MP4) whose movie and track say `seconds` at 44.1 kHz, mono, with a little media data after them. */
export function makeM4a(seconds: number): Buffer {
  const rate = 44100;
  const ftyp = box('ftyp', Buffer.from('M4A \0\0\0\0M4A mp42isom', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(seconds * 1000, 16); // duration
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(rate, 12);
  mdhd.writeUInt32BE(seconds * rate, 16);
  const hdlr = Buffer.concat([Buffer.alloc(8), Buffer.from('soun', 'latin1'), Buffer.alloc(13)]);
  // An mp4a sample entry: 6 reserved, data reference 1, 8 reserved, 1 channel, 16 bits, 4 reserved, rate 16.16.
  const mp4a = Buffer.alloc(28);
  mp4a.writeUInt16BE(1, 6);
  mp4a.writeUInt16BE(1, 16);
  mp4a.writeUInt16BE(16, 18);
  mp4a.writeUInt32BE(rate * 65536, 24);
  const stsd = Buffer.concat([Buffer.from([0, 0, 0, 0, 0, 0, 0, 1]), box('mp4a', mp4a)]);
  // Empty sample tables: the lengths come from the headers.
  const stbl = box('stbl', box('stsd', stsd), box('stts', Buffer.alloc(8)), box('stsz', Buffer.alloc(12)));
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(1, 12); // track id
  tkhd.writeUInt32BE(seconds * 1000, 20); // duration in the movie's timescale
  const trak = box(
    'trak',
    box('tkhd', tkhd),
    box('mdia', box('mdhd', mdhd), box('hdlr', hdlr), box('minf', stbl)),
  );
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), trak), box('mdat', Buffer.alloc(64))]);
}

/** An EBML element: its id bytes, an 8-byte size, its body. */
function ebml(id: readonly number[], ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, body]);
}

const uint = (value: number) =>
  Buffer.from([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const float64 = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
};

/**
 * A WebM with one Opus audio track (48 kHz, mono), as MediaRecorder writes it: without a Duration in its Segment
 * Info unless `seconds` is given.
 */
export function makeWebm(seconds?: number): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    ebml([0x42, 0x86], Buffer.from([1])), // EBMLVersion
    ebml([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
    ebml([0x42, 0x82], Buffer.from('webm', 'latin1')), // DocType
    ebml([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
    ebml([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
  );
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    ebml([0x2a, 0xd7, 0xb1], uint(1_000_000)), // TimecodeScale: 1 ms
    ...(seconds === undefined ? [] : [ebml([0x44, 0x89], float64(seconds * 1000))]), // Duration in ticks
  );
  const track = ebml(
    [0xae],
    ebml([0xd7], Buffer.from([1])), // TrackNumber
    ebml([0x73, 0xc5], Buffer.from([1])), // TrackUID
    ebml([0x83], Buffer.from([2])), // TrackType: audio
    ebml([0x86], Buffer.from('A_OPUS', 'latin1')), // CodecID
    ebml([0xe1], ebml([0xb5], float64(48000)), ebml([0x9f], Buffer.from([1]))), // Audio: rate, channels
  );
  return Buffer.concat([header, ebml([0x18, 0x53, 0x80, 0x67], info, ebml([0x16, 0x54, 0xae, 0x6b], track))]);
}
