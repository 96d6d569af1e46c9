// MP3 in JavaScript and WebAssembly, no ffmpeg: encoding with lamejs (LGPL-3.0), decoding with mpg123-decoder (MIT).
import { Mp3Encoder } from '@breezystack/lamejs';
import { MPEGDecoder } from 'mpg123-decoder';
import { mixDown, toInt16, UnreadableAudioError, type MonoAudio } from './pcm';

/** lamejs works in blocks of this many samples. */
const BLOCK = 1152;

/** Encodes mono audio to a constant-bit-rate MP3; `onProgress` gets 0-1 as blocks are encoded. */
export function encodeMp3(
  { samples, sampleRate }: MonoAudio,
  kbps: number,
  onProgress?: (fraction: number) => void,
): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const pcm = toInt16(samples);
  const parts: Buffer[] = [];
  const blocks = Math.ceil(pcm.length / BLOCK);
  for (let i = 0, block = 0; i < pcm.length; i += BLOCK, block++) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + BLOCK));
    if (chunk.length > 0) parts.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    if (onProgress && block % 64 === 0) onProgress(block / blocks);
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(Buffer.from(tail.buffer, tail.byteOffset, tail.length));
  return Buffer.concat(parts);
}

/** Decodes an MP3 file to mono float samples. */
export async function decodeMp3(bytes: Uint8Array): Promise<MonoAudio> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate, errors } = decoder.decode(bytes);
    if (samplesDecoded === 0 || !sampleRate) throw new UnreadableAudioError('no MP3 frames decoded');
    // mpg123 decodes what it can and reports the rest: a file that is mostly not MP3 frames is not a recording.
    const frames = Math.ceil(samplesDecoded / 1152);
    if (errors.length > 0 && errors.length * 4 >= frames) {
      throw new UnreadableAudioError(`${errors.length} MP3 decoding errors in ${frames} frames`);
    }
    return { samples: mixDown(channelData), sampleRate };
  } finally {
    decoder.free();
  }
}
