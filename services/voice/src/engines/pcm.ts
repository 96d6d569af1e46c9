// Plain PCM helpers for the local engines: a small WAV reader (PCM 8/16/24/32-bit and 32/64-bit float, any channel
// count, mixed down to mono), a resampler, and a little signal arithmetic. Permissive by design: anything else is
// refused with a clear error rather than guessed at.

export interface MonoAudio {
  samples: Float32Array;
  sampleRate: number;
}

export class UnreadableAudioError extends Error {
  constructor(reason: string) {
    super(`audio could not be read: ${reason}`);
    this.name = 'UnreadableAudioError';
  }
}

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));

/** Reads a RIFF/WAVE file to mono float samples in [-1, 1]. */
export function readWav(bytes: Uint8Array): MonoAudio {
  if (bytes.length < 12 || !ascii(bytes, 0, 'RIFF') || !ascii(bytes, 8, 'WAVE')) {
    throw new UnreadableAudioError('not a WAV file');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: { tag: number; channels: number; rate: number; bits: number } | undefined;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (ascii(bytes, offset, 'fmt ')) {
      let tag = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (tag === 0xfffe && size >= 26) tag = view.getUint16(body + 24, true);
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        rate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (ascii(bytes, offset, 'data')) {
      if (!format) throw new UnreadableAudioError('data before its format');
      const length =
        size === 0 || size === 0xffffffff ? bytes.length - body : Math.min(size, bytes.length - body);
      return { samples: decodePcm(view, body, length, format), sampleRate: format.rate };
    }
    offset = body + size + (size % 2);
  }
  throw new UnreadableAudioError('no audio data');
}

function decodePcm(
  view: DataView,
  start: number,
  length: number,
  { tag, channels, rate, bits }: { tag: number; channels: number; rate: number; bits: number },
): Float32Array {
  if (channels < 1 || channels > 16 || rate < 1000 || rate > 384_000) {
    throw new UnreadableAudioError('unsupported channel count or sample rate');
  }
  const width = bits / 8;
  const read: ((offset: number) => number) | undefined =
    tag === 1 && bits === 8
      ? (o) => (view.getUint8(o) - 128) / 128
      : tag === 1 && bits === 16
        ? (o) => view.getInt16(o, true) / 32768
        : tag === 1 && bits === 24
          ? (o) => (view.getUint8(o) | (view.getUint8(o + 1) << 8) | (view.getInt8(o + 2) << 16)) / 8388608
          : tag === 1 && bits === 32
            ? (o) => view.getInt32(o, true) / 2147483648
            : tag === 3 && bits === 32
              ? (o) => view.getFloat32(o, true)
              : tag === 3 && bits === 64
                ? (o) => view.getFloat64(o, true)
                : undefined;
  if (!read) throw new UnreadableAudioError(`unsupported WAV encoding (format ${tag}, ${bits} bits)`);
  const frame = width * channels;
  const frames = Math.floor(length / frame);
  const out = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += read(start + i * frame + c * width);
    out[i] = sum / channels;
  }
  return out;
}

/** Mixes channels of equal length down to one. */
export function mixDown(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const out = new Float32Array(first.length);
  for (const channel of channels) {
    for (let i = 0; i < out.length; i++) out[i]! += (channel[i] ?? 0) / channels.length;
  }
  return out;
}

/**
 * Resamples by linear interpolation, after a moving-average low-pass when going down (enough for speech, which has
 * little energy near the Nyquist frequency of the rates used here).
 */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  let source = samples;
  if (to < from) {
    const width = Math.max(1, Math.round(from / to));
    if (width > 1) {
      source = new Float32Array(samples.length);
      let sum = 0;
      for (let i = 0; i < samples.length; i++) {
        sum += samples[i]!;
        if (i >= width) sum -= samples[i - width]!;
        source[i] = sum / Math.min(i + 1, width);
      }
    }
  }
  const length = Math.floor((source.length * to) / from);
  const out = new Float32Array(length);
  const step = from / to;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const fraction = position - index;
    const a = source[index] ?? 0;
    const b = source[index + 1] ?? a;
    out[i] = a + (b - a) * fraction;
  }
  return out;
}

/** Float samples in [-1, 1] to 16-bit PCM (clipped). */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = value < 0 ? value * 32768 : value * 32767;
  }
  return out;
}

/** Mean energy (mean square) of a stretch of samples. */
export function energy(samples: Float32Array, start = 0, end = samples.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
  return end > start ? sum / (end - start) : 0;
}
