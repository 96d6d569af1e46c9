// Uploaded audio (voice isolator, speech to speech; docs/product-rules.md): at most 5 MB, and MP3, WAV, OGG, FLAC,
// M4A/AAC or WebM as proven by the bytes, never by the label in the data URL. Proven means more than a magic number:
// `file-type` names the container, then `music-metadata` reads its stream headers (MPEG frames, WAV fmt, FLAC
// STREAMINFO, Ogg pages, MP4 boxes, Matroska tracks) and must find an audio stream it can describe, with its length.
// Both are maintained parsers of untrusted bytes, but lenient ones: they skip what they cannot read, as players do.
// So the structure is checked too where a container has one to check: the frames of MP3 and AAC, the pages of Ogg
// and the boxes of MP4 must chain through the file, FLAC's metadata must lead to a frame (frame-chains.ts), a WAV's
// rates must agree. A file that fails is refused before anything is reserved, so a renamed text file or a file of
// junk frames never reaches a paid provider.
import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer, type IAudioMetadata } from 'music-metadata';
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { AppError, ErrorCode } from '../errors';
import { invalidUpload, readTypedDataUrl, type UploadRules } from './data-url';
import {
  adtsFramesChain,
  flacBlocksReachAFrame,
  mp4BoxesChain,
  mpegFramesChain,
  oggPagesChain,
} from './frame-chains';

export type AudioMime =
  'audio/mpeg' | 'audio/wav' | 'audio/ogg' | 'audio/flac' | 'audio/mp4' | 'audio/aac' | 'audio/webm';

/** Audio bytes that passed validation; `mime` comes from the bytes. */
export interface AudioInput {
  bytes: Buffer;
  mime: AudioMime;
  /** How long it plays; undefined only for a recording whose container leaves its length out (see below). */
  durationSeconds: number | undefined;
}

/** The containers accepted, by the extension `file-type` gives them (Matroska other than WebM, video Ogg: no). */
const AUDIO_TYPE_OF_EXTENSION: Readonly<Record<string, AudioMime>> = {
  mp3: 'audio/mpeg',
  mp2: 'audio/mpeg',
  mp1: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  spx: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  m4b: 'audio/mp4',
  mp4: 'audio/mp4',
  '3gp': 'audio/mp4',
  webm: 'audio/webm',
};

/**
 * Browsers' MediaRecorder writes WebM (Chrome, Firefox) and fragmented MP4 (Safari) as it records, so the length is
 * not in their headers: those files are accepted on a readable audio track alone (the recorder stops at 5 minutes,
 * and 5 MB bounds the rest). Every other container states its length, and a file whose length cannot be read is
 * refused rather than let through as "unknown".
 */
const LENGTH_MAY_BE_MISSING: ReadonlySet<AudioMime> = new Set(['audio/webm', 'audio/mp4']);

/** What each container's structure must show beyond what music-metadata reads (WAV: wavRatesAgree below). */
const CHAINS_OF: Readonly<Partial<Record<AudioMime, (bytes: Uint8Array) => boolean>>> = {
  'audio/mpeg': mpegFramesChain,
  'audio/aac': adtsFramesChain,
  'audio/ogg': oggPagesChain,
  'audio/mp4': mp4BoxesChain,
  'audio/flac': flacBlocksReachAFrame,
};

/** What the parsers proved about a file: its type and, where its container states it, its length. */
export interface AudioProbe {
  mime: AudioMime;
  durationSeconds: number | undefined;
}

/** The type and length of `bytes` when they are audio the parsers can read, or undefined for anything else. */
export async function probeAudio(bytes: Uint8Array): Promise<AudioProbe | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  const mime = type && AUDIO_TYPE_OF_EXTENSION[type.ext];
  if (!type || !mime) return undefined;
  let metadata: IAudioMetadata;
  try {
    // `duration: true` walks every MPEG frame (exact for variable bit rates) and reads the last Ogg page.
    metadata = await parseBuffer(
      bytes,
      { mimeType: type.mime, size: bytes.length },
      {
        duration: true,
        skipCovers: true,
      },
    );
  } catch {
    return undefined;
  }
  const { codec, sampleRate, numberOfChannels, duration } = metadata.format;
  if (!codec || !sampleRate || !numberOfChannels) return undefined;
  const durationSeconds =
    duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : undefined;
  if (durationSeconds === undefined && !LENGTH_MAY_BE_MISSING.has(mime)) return undefined;
  if (mime === 'audio/wav' && !wavRatesAgree(bytes, sampleRate)) return undefined;
  const structureHolds = CHAINS_OF[mime];
  if (structureHolds && !structureHolds(bytes)) return undefined;
  return { mime, durationSeconds };
}

/**
 * A WAV's fmt chunk states its byte rate as well as its sample rate and block size; the two must agree (byte rate =
 * sample rate × block align). music-metadata reads the length from the block size alone, so a file whose byte rate is
 * zero or false would pass it, while players and providers that trust the byte rate cannot read it.
 */
function wavRatesAgree(bytes: Uint8Array, sampleRate: number): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // RIFF chunks after the 12-byte 'RIFF' size 'WAVE' header: 4-byte id, 4-byte little-endian size, body, pad byte.
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const size = view.getUint32(offset + 4, true);
    if (String.fromCharCode(...bytes.subarray(offset, offset + 4)) === 'fmt ') {
      if (size < 16 || offset + 8 + 16 > bytes.length) return false;
      const byteRate = view.getUint32(offset + 8 + 8, true);
      const blockAlign = view.getUint16(offset + 8 + 12, true);
      return blockAlign > 0 && byteRate === sampleRate * blockAlign;
    }
    offset += 8 + size + (size % 2);
  }
  return false;
}

/** How long `bytes` of type `mime` play, or undefined when their headers do not say (or they are not audio). */
export async function audioDurationSeconds(bytes: Uint8Array, mime: AudioMime): Promise<number | undefined> {
  try {
    const { format } = await parseBuffer(bytes, { mimeType: mime, size: bytes.length }, { duration: true });
    return format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0
      ? format.duration
      : undefined;
  } catch {
    return undefined;
  }
}

export interface AudioRules {
  /** Longest recording accepted, in seconds (default LIMITS.audioMaxSeconds). */
  maxSeconds?: number;
}

/**
 * Decodes and checks an audio data URL. Throws a 400 AppError with the spec's text when the file is too large
 * ('Audio file size must be less than 5MB') or is not audio the parsers can read ('Please select a valid audio file
 * (MP3, WAV, M4A, etc.)'), and with ours when it plays longer than `maxSeconds`.
 */
export async function readAudioDataUrl(
  dataUrl: string,
  field = 'audioFile',
  { maxSeconds = LIMITS.audioMaxSeconds }: AudioRules = {},
): Promise<AudioInput> {
  const upload: UploadRules = {
    field,
    maxBytes: LIMITS.audioBytes,
    invalidText: ERROR_TEXTS.validation.invalidAudio,
    tooLargeText: ERROR_TEXTS.validation.audioTooLarge,
  };
  // The data URL's own checks (size from the length, strict base64); what the bytes are is proven by the probe.
  const { bytes } = readTypedDataUrl(dataUrl, upload, () => 'unproven' as const);
  const probe = await probeAudio(bytes);
  if (!probe) throw invalidUpload(upload);
  const { mime, durationSeconds } = probe;
  if (durationSeconds !== undefined && durationSeconds > maxSeconds) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.voice.audioTooLong, {
      details: { field, durationSeconds: Math.round(durationSeconds) },
    });
  }
  return { bytes, mime, durationSeconds };
}
