// Uploaded audio (docs/product-rules.md#validation, voice isolator): at most 5 MB, and MP3, WAV, OGG, FLAC, M4A/AAC
// or WebM as proven by the magic bytes. The label in the data URL is ignored, so a renamed text or image file never
// reaches a paid provider.
import { ERROR_TEXTS, LIMITS } from '@act/contracts';
import { AppError, ErrorCode } from '../errors';
import { audioDurationSeconds } from './audio-duration';
import { readTypedDataUrl, type UploadRules } from './data-url';
import { hasAsciiAt, hasBytesAt } from './magic-bytes';

export type AudioMime =
  'audio/mpeg' | 'audio/wav' | 'audio/ogg' | 'audio/flac' | 'audio/mp4' | 'audio/aac' | 'audio/webm';

/** Audio bytes that passed validation; `mime` comes from the magic bytes. */
export interface AudioInput {
  bytes: Buffer;
  mime: AudioMime;
  /** How long it plays, from its headers; undefined when they do not say (the file is still at most 5 MB). */
  durationSeconds: number | undefined;
}

/** MP4 major brands of audio files (iTunes and voice memos write 'M4A '; encoders often write the generic ones). */
const MP4_AUDIO_BRANDS = ['M4A ', 'M4B ', 'mp41', 'mp42', 'isom', 'iso2', 'dash', '3gp4', '3gp5'];

/** How far into a WebM file its EBML header may name the 'webm' document type. */
const EBML_HEADER_SCAN = 64;

/** The audio type proven by the file's first bytes, or undefined for anything else. */
export function sniffAudioType(bytes: Uint8Array): AudioMime | undefined {
  // An ID3v2 tag opens most MP3 files; untagged ones start straight with a frame.
  if (hasAsciiAt(bytes, 0, 'ID3') || isMpegAudioFrame(bytes)) return 'audio/mpeg';
  if (isAdtsFrame(bytes)) return 'audio/aac';
  if (hasAsciiAt(bytes, 0, 'RIFF') && hasAsciiAt(bytes, 8, 'WAVE')) return 'audio/wav';
  if (hasAsciiAt(bytes, 0, 'OggS')) return 'audio/ogg';
  if (hasAsciiAt(bytes, 0, 'fLaC')) return 'audio/flac';
  if (hasAsciiAt(bytes, 4, 'ftyp') && MP4_AUDIO_BRANDS.some((brand) => hasAsciiAt(bytes, 8, brand))) {
    return 'audio/mp4';
  }
  if (hasBytesAt(bytes, 0, [0x1a, 0x45, 0xdf, 0xa3]) && containsWebmDocType(bytes)) return 'audio/webm';
  return undefined;
}

/**
 * An MPEG audio frame header: 11 sync bits, then a version, layer, bitrate and sample rate that are not the reserved
 * values. Checking those fields keeps random bytes that happen to start with 0xFF from passing.
 */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const [b0, b1, b2] = [bytes[0], bytes[1], bytes[2]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** An AAC ADTS frame header: 12 sync bits and layer 00 (the value MPEG audio reserves), then a valid rate index. */
function isAdtsFrame(bytes: Uint8Array): boolean {
  const [b0, b1, b2] = [bytes[0], bytes[1], bytes[2]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || (b1 & 0xf6) !== 0xf0) return false;
  const sampleRateIndex = (b2 >> 2) & 0b1111;
  return sampleRateIndex <= 12;
}

function containsWebmDocType(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, EBML_HEADER_SCAN);
  for (let offset = 4; offset + 4 <= end; offset++) {
    if (hasAsciiAt(bytes, offset, 'webm')) return true;
  }
  return false;
}

export interface AudioRules {
  /** Longest recording accepted, in seconds (default LIMITS.audioMaxSeconds). */
  maxSeconds?: number;
}

/**
 * Decodes and checks an audio data URL. Throws a 400 AppError with the spec's text when the file is too large
 * ('Audio file size must be less than 5MB') or is not audio of a known kind ('Please select a valid audio file (MP3,
 * WAV, M4A, etc.)'), and with ours when its headers say it plays longer than `maxSeconds`.
 */
export function readAudioDataUrl(
  dataUrl: string,
  field = 'audioFile',
  { maxSeconds = LIMITS.audioMaxSeconds }: AudioRules = {},
): AudioInput {
  const upload: UploadRules = {
    field,
    maxBytes: LIMITS.audioBytes,
    invalidText: ERROR_TEXTS.validation.invalidAudio,
    tooLargeText: ERROR_TEXTS.validation.audioTooLarge,
  };
  const { bytes, mime } = readTypedDataUrl(dataUrl, upload, sniffAudioType);
  const durationSeconds = audioDurationSeconds(bytes, mime);
  if (durationSeconds !== undefined && durationSeconds > maxSeconds) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.voice.audioTooLong, {
      details: { field, durationSeconds: Math.round(durationSeconds) },
    });
  }
  return { bytes, mime, durationSeconds };
}
