// How long an uploaded audio file plays, read from its headers and frame headers only (nothing is decoded), so a tool
// can refuse a recording longer than it accepts before holding credits or sending it to a provider. Each format keeps
// its length somewhere else: WAV in the data chunk size, MP3 and ADTS AAC in the sum of their frames, FLAC in
// STREAMINFO, OGG in the last page's granule position, MP4/M4A in the movie header, WebM in its Segment Info.
import type { AudioMime } from './audio';
import { hasAsciiAt } from './magic-bytes';

/** Seconds of audio in `bytes` of type `mime`, or undefined when the headers do not say. */
export function audioDurationSeconds(bytes: Uint8Array, mime: AudioMime): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (mime) {
      case 'audio/wav':
        return wavDuration(bytes, view);
      case 'audio/mpeg':
        return mpegDuration(bytes);
      case 'audio/aac':
        return adtsDuration(bytes);
      case 'audio/flac':
        return flacDuration(bytes, view);
      case 'audio/ogg':
        return oggDuration(bytes, view);
      case 'audio/mp4':
        return mp4Duration(bytes, view);
      case 'audio/webm':
        return webmDuration(bytes, view);
    }
  } catch {
    // A header that points past the end of the file: the length is unknown, not an error of ours.
    return undefined;
  }
}

function wavDuration(bytes: Uint8Array, view: DataView): number | undefined {
  let byteRate: number | undefined;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const size = view.getUint32(offset + 4, true);
    if (hasAsciiAt(bytes, offset, 'fmt ')) byteRate = view.getUint32(offset + 16, true);
    if (hasAsciiAt(bytes, offset, 'data')) {
      if (!byteRate) return undefined;
      // Streamed WAVs write 0 or 0xFFFFFFFF as the data size: what follows the header is the data.
      const dataBytes = size === 0 || size === 0xffffffff ? bytes.length - offset - 8 : size;
      return Math.min(dataBytes, bytes.length - offset - 8) / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}

const MPEG_BITRATES_KBPS: Readonly<Record<string, readonly number[]>> = {
  // [version 1 | 2/2.5][layer]
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MPEG_SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44100, 48000, 32000], // MPEG 1
  2: [22050, 24000, 16000], // MPEG 2
  0: [11025, 12000, 8000], // MPEG 2.5
};

/** Length of the ID3v2 tag at the start, if any (10-byte header + syncsafe size + optional footer). */
function id3Length(bytes: Uint8Array): number {
  if (!hasAsciiAt(bytes, 0, 'ID3') || bytes.length < 10) return 0;
  const size =
    ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = (bytes[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** Sums the frames of an MPEG audio stream (works for constant and variable bit rates alike). */
function mpegDuration(bytes: Uint8Array): number | undefined {
  let offset = id3Length(bytes);
  let seconds = 0;
  let frames = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!;
    const b2 = bytes[offset + 2]!;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      // Junk between frames (a trailing ID3v1 tag, padding): look for the next sync word.
      offset += 1;
      continue;
    }
    const versionBits = (b1 >> 3) & 0b11;
    const layerBits = (b1 >> 1) & 0b11;
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 0b11;
    const rates = MPEG_SAMPLE_RATES[versionBits];
    if (
      versionBits === 1 ||
      layerBits === 0 ||
      bitrateIndex === 0 ||
      bitrateIndex === 15 ||
      !rates ||
      rateIndex === 3
    ) {
      offset += 1;
      continue;
    }
    const layer = 4 - layerBits;
    const v1 = versionBits === 3;
    const bitrate = MPEG_BITRATES_KBPS[`${v1 ? 1 : 2}-${layer}`]![bitrateIndex]! * 1000;
    const sampleRate = rates[rateIndex]!;
    const padding = (b2 >> 1) & 1;
    const samples = layer === 1 ? 384 : layer === 3 && !v1 ? 576 : 1152;
    const length =
      layer === 1
        ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
        : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
    if (length < 4) break;
    seconds += samples / sampleRate;
    frames += 1;
    offset += length;
  }
  return frames > 0 ? seconds : undefined;
}

const ADTS_SAMPLE_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
];

function adtsDuration(bytes: Uint8Array): number | undefined {
  let offset = 0;
  let seconds = 0;
  while (offset + 7 <= bytes.length && bytes[offset] === 0xff && (bytes[offset + 1]! & 0xf6) === 0xf0) {
    const rate = ADTS_SAMPLE_RATES[(bytes[offset + 2]! >> 2) & 0b1111];
    const length =
      ((bytes[offset + 3]! & 0b11) << 11) | (bytes[offset + 4]! << 3) | (bytes[offset + 5]! >> 5);
    const blocks = (bytes[offset + 6]! & 0b11) + 1;
    if (!rate || length < 7) break;
    seconds += (1024 * blocks) / rate;
    offset += length;
  }
  return seconds > 0 ? seconds : undefined;
}

function flacDuration(bytes: Uint8Array, view: DataView): number | undefined {
  // 'fLaC', then the STREAMINFO block: 4-byte header, then min/max block (4), min/max frame (6), then 20 bits rate,
  // 3 bits channels, 5 bits depth, 36 bits total samples.
  const info = 8;
  if (bytes.length < info + 18) return undefined;
  const rate = (view.getUint32(info + 10) >>> 12) & 0xfffff;
  const totalSamples = (bytes[info + 13]! & 0x0f) * 2 ** 32 + view.getUint32(info + 14);
  return rate > 0 && totalSamples > 0 ? totalSamples / rate : undefined;
}

function oggDuration(bytes: Uint8Array, view: DataView): number | undefined {
  // The first packet says the codec and its rate: Vorbis writes it, Opus always counts in 48 kHz.
  let rate: number | undefined;
  const firstPacket = 27 + (bytes[26] ?? 0);
  if (hasAsciiAt(bytes, firstPacket, 'OpusHead')) rate = 48000;
  else if (hasAsciiAt(bytes, firstPacket + 1, 'vorbis')) rate = view.getUint32(firstPacket + 12, true);
  else if (hasAsciiAt(bytes, firstPacket + 1, 'FLAC'))
    rate = (view.getUint32(firstPacket + 27) >>> 12) & 0xfffff;
  if (!rate) return undefined;
  // The last page's granule position is the stream's length in samples.
  for (let offset = bytes.length - 27; offset >= 0; offset--) {
    if (bytes[offset] === 0x4f && hasAsciiAt(bytes, offset, 'OggS')) {
      const granule = view.getUint32(offset + 6, true) + view.getUint32(offset + 10, true) * 2 ** 32;
      return granule > 0 ? granule / rate : undefined;
    }
  }
  return undefined;
}

function mp4Duration(bytes: Uint8Array, view: DataView): number | undefined {
  // Walk the top-level boxes to 'moov', then its children to 'mvhd' (timescale and duration).
  const findBox = (start: number, end: number, type: string): [number, number] | undefined => {
    for (let offset = start; offset + 8 <= end;) {
      let size = view.getUint32(offset);
      let header = 8;
      if (size === 1) {
        size = Number(view.getBigUint64(offset + 8));
        header = 16;
      } else if (size === 0) size = end - offset;
      if (size < header) return undefined;
      if (hasAsciiAt(bytes, offset + 4, type)) return [offset + header, Math.min(offset + size, end)];
      offset += size;
    }
    return undefined;
  };
  const moov = findBox(0, bytes.length, 'moov');
  const mvhd = moov && findBox(moov[0], moov[1], 'mvhd');
  if (!mvhd) return undefined;
  const [body] = mvhd;
  const version = bytes[body];
  const timescale = view.getUint32(body + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(view.getBigUint64(body + 24)) : view.getUint32(body + 16);
  return timescale > 0 && duration > 0 ? duration / timescale : undefined;
}

function webmDuration(bytes: Uint8Array, view: DataView): number | undefined {
  // Segment Info: TimecodeScale (0x2AD7B1, ns per tick, default 1 ms) and Duration (0x4489, a float in ticks). The
  // Info element sits near the start; MediaRecorder files often leave Duration out (then the length is unknown).
  const end = Math.min(bytes.length, 64 * 1024);
  let scale = 1_000_000;
  let duration: number | undefined;
  for (let offset = 0; offset + 4 < end; offset++) {
    if (bytes[offset] === 0x2a && bytes[offset + 1] === 0xd7 && bytes[offset + 2] === 0xb1) {
      const size = bytes[offset + 3]! & 0x7f;
      if (size >= 1 && size <= 8) {
        let value = 0;
        for (let i = 0; i < size; i++) value = value * 256 + bytes[offset + 4 + i]!;
        if (value > 0) scale = value;
      }
    }
    if (bytes[offset] === 0x44 && bytes[offset + 1] === 0x89) {
      const sizeByte = bytes[offset + 2];
      if (sizeByte === 0x84) duration = view.getFloat32(offset + 3);
      else if (sizeByte === 0x88) duration = view.getFloat64(offset + 3);
    }
  }
  return duration !== undefined && Number.isFinite(duration) && duration > 0
    ? (duration * scale) / 1e9
    : undefined;
}
