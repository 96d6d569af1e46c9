import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../errors';
import { findEndpoint } from '../routes';
import {
  SoundEffectsRequestSchema,
  SpeechToSpeechRequestSchema,
  VOICE_ENDPOINTS,
  VoiceStreamEventSchema,
  voiceDownloadName,
} from './voice';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('voice contracts', () => {
  it('names downloads as the spec does: speech-, sound-effect- and isolated-audio- with a timestamp', () => {
    expect(voiceDownloadName('text-to-speech', 1700000000000)).toBe('speech-1700000000000.mp3');
    expect(voiceDownloadName('sound-effects', 1)).toBe('sound-effect-1.mp3');
    expect(voiceDownloadName('voice-isolator', 2)).toBe('isolated-audio-2.mp3');
  });

  it('takes a sound effect length of 2-10 seconds only, and needs a description of at most 500 characters', () => {
    expect(SoundEffectsRequestSchema.safeParse({ prompt: 'rain', durationSeconds: 2 }).success).toBe(true);
    expect(firstMessage(SoundEffectsRequestSchema.safeParse({ prompt: 'rain', durationSeconds: 11 }))).toBe(
      ERROR_TEXTS.voice.durationRange,
    );
    expect(firstMessage(SoundEffectsRequestSchema.safeParse({ prompt: 'x'.repeat(501) }))).toBe(
      ERROR_TEXTS.validation.descriptionTooLong,
    );
  });

  it('needs an audio data URL and a voice for speech to speech, a member-only 5 MB upload endpoint', () => {
    expect(
      firstMessage(
        SpeechToSpeechRequestSchema.safeParse({ audioFile: 'data:text/plain;base64,aGk=', voiceId: 'v' }),
      ),
    ).toBe(ERROR_TEXTS.validation.invalidAudio);
    expect(
      firstMessage(SpeechToSpeechRequestSchema.safeParse({ audioFile: 'data:audio/mpeg;base64,aGk=' })),
    ).toBe(ERROR_TEXTS.validation.voiceRequired);
    const endpoint = findEndpoint('POST', VOICE_ENDPOINTS.speechToSpeech.path);
    expect(endpoint).toMatchObject({ access: 'member', bodyLimit: 'audio', tool: 'speech-to-speech' });
    // Previews play in <audio> elements, which send no token.
    expect(findEndpoint('GET', '/api/voice/voices/abc/preview')?.access).toBe('public');
  });

  it('describes the streamed job events', () => {
    const jobId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
    expect(VoiceStreamEventSchema.parse({ type: 'progress', progress: 40 })).toEqual({
      type: 'progress',
      progress: 40,
    });
    expect(VoiceStreamEventSchema.safeParse({ type: 'progress', progress: 140 }).success).toBe(false);
    expect(VoiceStreamEventSchema.safeParse({ type: 'start', jobId, tool: 'voice-isolator' }).success).toBe(
      true,
    );
  });
});
