// A dictation's recording (docs/product-rules.md#dictation): the voice family's audio rules (5 MB, the type proven by
// the bytes, at most 5 minutes), and a length to price it by. Most containers state their length; a browser's WebM
// does not, and Chrome writes its Clusters with unknown sizes, which the shared parser cannot walk, so such a WebM is
// read here from its blocks (recording-length.ts). Anything else that cannot be decoded is the family's 400.
import { dataUrlByteLength, ERROR_TEXTS, LIMITS } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';
import { readAudioDataUrl, type AudioInput } from '@act/service-kit/media';
import { webmRecordingSeconds } from './recording-length';

export interface Recording extends AudioInput {
  durationSeconds: number;
}

const FIELD = 'audio';
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

function invalidAudio(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.invalidAudio, {
    details: { field: FIELD },
  });
}

/** The payload of a base64 data URL when it is strict base64, else undefined. */
function strictBase64Payload(dataUrl: string): Buffer | undefined {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Buffer.from(payload, 'base64');
  return bytes.toString('base64').replace(/=+$/, '') === payload.replace(/=+$/, '') ? bytes : undefined;
}

/**
 * A WebM recording within the size limit, read from its blocks (which the shared parser cannot walk when the
 * Clusters have unknown sizes); undefined for anything else, which the shared checks then judge.
 */
function readLiveWebm(dataUrl: string): Recording | undefined {
  if (!dataUrl.startsWith('data:') || dataUrlByteLength(dataUrl) > LIMITS.audioBytes) return undefined;
  const bytes = strictBase64Payload(dataUrl);
  if (!bytes || !bytes.subarray(0, 4).equals(EBML_MAGIC)) return undefined;
  // The EBML header names the document type within its first bytes; a Matroska video is not a recording.
  if (!bytes.subarray(0, 64).includes('webm', 0, 'latin1')) return undefined;
  const seconds = webmRecordingSeconds(bytes);
  if (seconds === undefined) return undefined;
  return { bytes, mime: 'audio/webm', durationSeconds: seconds };
}

function tooLong(seconds: number): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.voice.audioTooLong, {
    details: { field: FIELD, durationSeconds: Math.round(seconds) },
  });
}

/** Checks a recording's data URL and reads its length; throws the family's 400s for what cannot be used. */
export async function readRecording(dataUrl: string): Promise<Recording> {
  const live = readLiveWebm(dataUrl);
  if (live) {
    if (live.durationSeconds > LIMITS.audioMaxSeconds) throw tooLong(live.durationSeconds);
    return live;
  }
  const audio = await readAudioDataUrl(dataUrl, FIELD);
  const seconds =
    audio.durationSeconds ?? (audio.mime === 'audio/webm' ? webmRecordingSeconds(audio.bytes) : undefined);
  // A length nothing can read (a Safari MP4 written while recording) cannot be priced: refused, free.
  if (seconds === undefined) throw invalidAudio();
  if (seconds > LIMITS.audioMaxSeconds) throw tooLong(seconds);
  return { ...audio, durationSeconds: seconds };
}
