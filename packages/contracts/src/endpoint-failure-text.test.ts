import { afterEach, describe, expect, it } from 'vitest';
import { endpoint, failureTextOf } from './endpoint';
import { ERROR_TEXTS } from './errors';
import { IMAGE_ENDPOINTS } from './api/image';
import { PROMPT_ENDPOINTS } from './api/prompt';
import { VOICE_ENDPOINTS } from './api/voice';
import { YOUTUBE_ENDPOINTS } from './api/youtube';
// Registers ERROR_TEXTS with its catalogues, as importing @act/contracts does.
import './i18n/register';
import { setLocale } from './i18n/swap';

afterEach(() => setLocale('en'));

describe('failureTextOf', () => {
  it('gives each call the spec’s own failure text, read from its endpoint definition', () => {
    const expected = [
      [PROMPT_ENDPOINTS.generateImagePrompt, ERROR_TEXTS.network.generatePrompt],
      [PROMPT_ENDPOINTS.generateTextPrompt, ERROR_TEXTS.ui.enhancePrompt],
      [PROMPT_ENDPOINTS.generateAiDescription, ERROR_TEXTS.network.generateDescription],
      [PROMPT_ENDPOINTS.generateVideoPrompt, ERROR_TEXTS.network.generateVideoPrompt],
      [IMAGE_ENDPOINTS.generateImage, ERROR_TEXTS.network.generateImage],
      [IMAGE_ENDPOINTS.images, ERROR_TEXTS.network.fetchImages],
      [IMAGE_ENDPOINTS.updateImage, ERROR_TEXTS.image.updateImage],
      [IMAGE_ENDPOINTS.deleteImage, ERROR_TEXTS.image.deleteImage],
      [VOICE_ENDPOINTS.textToSpeech, ERROR_TEXTS.audio.generateSpeech],
      [VOICE_ENDPOINTS.speechToSpeech, ERROR_TEXTS.audio.processAudioRetry],
      [VOICE_ENDPOINTS.soundEffects, ERROR_TEXTS.audio.generateSoundEffect],
      [VOICE_ENDPOINTS.voiceIsolator, ERROR_TEXTS.audio.isolateVoice],
      [VOICE_ENDPOINTS.transcribe, ERROR_TEXTS.voice.transcribeFailed],
      [VOICE_ENDPOINTS.voices, ERROR_TEXTS.network.fetchVoices],
      [YOUTUBE_ENDPOINTS.summarize, ERROR_TEXTS.network.summarizeVideo],
      [YOUTUBE_ENDPOINTS.transcript, ERROR_TEXTS.youtube.loadTranscript],
      [YOUTUBE_ENDPOINTS.askVideo, ERROR_TEXTS.youtube.askFailed],
      [YOUTUBE_ENDPOINTS.thumbnails, ERROR_TEXTS.network.getThumbnails],
      [YOUTUBE_ENDPOINTS.thumbnailDownload, ERROR_TEXTS.ui.downloadThumbnail],
    ] as const;
    for (const [definition, text] of expected) expect(failureTextOf(definition)).toBe(text);
    expect(failureTextOf(VOICE_ENDPOINTS.textToSpeech)).toBe('Failed to generate speech');
  });

  it('falls back to the generic text for an endpoint without one', () => {
    const other = endpoint({ method: 'GET', path: '/api/other', access: 'public' });
    expect(failureTextOf(other)).toBe(ERROR_TEXTS.generic.unexpected);
  });

  it("words a failed call in the page's language, chosen after the definitions loaded", () => {
    setLocale('es');
    expect(failureTextOf(PROMPT_ENDPOINTS.generateTextPrompt)).toBe('No se pudo mejorar el prompt');
    expect(failureTextOf(IMAGE_ENDPOINTS.images)).toBe('No se pudieron obtener las imágenes');
    setLocale('en');
    expect(failureTextOf(PROMPT_ENDPOINTS.generateTextPrompt)).toBe('Failed to enhance prompt');
  });
});
