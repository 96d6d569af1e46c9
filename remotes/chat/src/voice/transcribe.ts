// A recording turned into text (docs/product-rules.md#dictation): POST /api/voice/transcribe with it as a data URL,
// the balance it leaves going to the header. Dictation and conversation mode both send their takes here.
import { ERROR_TEXTS, VOICE_ENDPOINTS } from '@act/contracts';
import { errorMessage, readFileAsDataUrl, type ToolHost } from '@act/host-sdk';

export type Transcription = { text: string; error: null } | { text: null; error: string };

export async function transcribe(host: ToolHost, recording: Blob): Promise<Transcription> {
  try {
    const audio = await readFileAsDataUrl(recording);
    const reply = await host.api.call(VOICE_ENDPOINTS.transcribe, { body: { audio } });
    if (reply.remainingCredits !== null) host.onCreditsChange(reply.remainingCredits);
    return { text: reply.text, error: null };
  } catch (failure) {
    return { text: null, error: errorMessage(failure, ERROR_TEXTS.voice.transcribeFailed) };
  }
}
