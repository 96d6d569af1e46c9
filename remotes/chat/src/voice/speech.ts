// An answer's speech (docs/product-rules.md#read-aloud): its words (speech-text.ts) through the Text to Speech tool's
// endpoint and price in the first listed voice (the offline eSpeak voice when the server has no ElevenLabs key), the
// balance it leaves going to the header. Read aloud and conversation mode both make it here.
import { ERROR_TEXTS, VOICE_ENDPOINTS } from '@act/contracts';
import { errorMessage, type ToolHost } from '@act/host-sdk';
import { speechTextOf } from './speech-text';

export type Speech = { audioUrl: string; error: null } | { audioUrl: null; error: string };

export async function makeSpeech(host: ToolHost, text: string): Promise<Speech> {
  try {
    const { voices } = await host.api.call(VOICE_ENDPOINTS.voices, {});
    const voiceId = voices[0]?.id;
    if (!voiceId) throw new Error('no voice');
    const reply = await host.api.call(VOICE_ENDPOINTS.textToSpeech, {
      body: { text: speechTextOf(text), voiceId },
    });
    if (reply.remainingCredits !== null) host.onCreditsChange(reply.remainingCredits);
    return { audioUrl: reply.audioUrl, error: null };
  } catch (failure) {
    return { audioUrl: null, error: errorMessage(failure, ERROR_TEXTS.audio.generateSpeech) };
  }
}
