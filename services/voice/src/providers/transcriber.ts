// Speech to text for dictation (docs/providers.md#speech-to-text): ElevenLabs' `POST /v1/speech-to-text` when the
// voice service has its key (the family's provider already), else an OpenAI-compatible `POST /audio/transcriptions`
// through OPENAI_BASE_URL + OPENAI_API_KEY; neither means no dictation (503, the button says so). Both take the
// recording as multipart and answer JSON with `text`. Plain fetch: one multipart POST each, no SDK needed. A
// transcription is paid work, so by the kit's one rule it is repeated only after a 429 (docs/providers.md#retries).
import { retryProviderCall } from '@act/service-kit';
import type { ProviderAudioInput } from './voice-provider';

export interface Transcriber {
  readonly name: 'elevenlabs' | 'openai';
  transcribe(input: { audio: ProviderAudioInput; signal: AbortSignal }): Promise<string>;
}

export interface TranscriberConfig {
  ELEVENLABS_API_KEY?: string | undefined;
  ELEVENLABS_BASE_URL?: string | undefined;
  OPENAI_API_KEY?: string | undefined;
  OPENAI_BASE_URL: string;
  TRANSCRIBE_MODEL: string;
  ELEVENLABS_TRANSCRIBE_MODEL: string;
  PROVIDER_TIMEOUT_MS: number;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/webm': 'webm',
};

/** A provider's refusal, with the status the kit's retry rule and metrics read. */
class TranscriberError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`speech to text answered ${status}: ${body.slice(0, 200)}`);
  }
}

function textOf(body: unknown): string {
  const text = (body as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') throw new Error('speech to text answered without text');
  return text.trim();
}

async function postMultipart(
  url: string,
  headers: Record<string, string>,
  form: FormData,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<string> {
  const call = async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    if (!response.ok) throw new TranscriberError(response.status, await response.text().catch(() => ''));
    return textOf(await response.json());
  };
  return retryProviderCall(call, { idempotent: false, signal });
}

function fileOf({ bytes, mime }: ProviderAudioInput): Blob {
  return new Blob([new Uint8Array(bytes)], { type: mime });
}

function fileName(mime: string): string {
  return `recording.${EXTENSIONS[mime] ?? 'webm'}`;
}

/** The transcriber the configuration allows, or undefined when there is none (dictation answers 503). */
export function createTranscriber(config: TranscriberConfig): Transcriber | undefined {
  const timeoutMs = config.PROVIDER_TIMEOUT_MS;
  if (config.ELEVENLABS_API_KEY) {
    const key = config.ELEVENLABS_API_KEY;
    const base = (config.ELEVENLABS_BASE_URL ?? 'https://api.elevenlabs.io').replace(/\/+$/, '');
    return {
      name: 'elevenlabs',
      transcribe: ({ audio, signal }) => {
        const form = new FormData();
        form.set('model_id', config.ELEVENLABS_TRANSCRIBE_MODEL);
        form.set('file', fileOf(audio), fileName(audio.mime));
        return postMultipart(`${base}/v1/speech-to-text`, { 'xi-api-key': key }, form, signal, timeoutMs);
      },
    };
  }
  if (config.OPENAI_API_KEY) {
    const key = config.OPENAI_API_KEY;
    const base = config.OPENAI_BASE_URL.replace(/\/+$/, '');
    return {
      name: 'openai',
      transcribe: ({ audio, signal }) => {
        const form = new FormData();
        form.set('model', config.TRANSCRIBE_MODEL);
        form.set('response_format', 'json');
        // The file name's extension is how OpenAI-compatible servers tell the container.
        form.set('file', fileOf(audio), fileName(audio.mime));
        return postMultipart(
          `${base}/audio/transcriptions`,
          { authorization: `Bearer ${key}` },
          form,
          signal,
          timeoutMs,
        );
      },
    };
  }
  return undefined;
}
