import { describe, expect, it } from 'vitest';
import { endpoint } from './endpoint';
import { ERROR_TEXTS } from './errors';
import { failureTextOf } from './failure-texts';
import { IMAGE_ENDPOINTS } from './api/image';
import { PROMPT_ENDPOINTS } from './api/prompt';
import { VOICE_ENDPOINTS } from './api/voice';
import { YOUTUBE_ENDPOINTS } from './api/youtube';

describe('failureTextOf', () => {
  it('gives each tool call the spec’s own failure text', () => {
    expect(failureTextOf(PROMPT_ENDPOINTS.generateTextPrompt)).toBe(ERROR_TEXTS.ui.enhancePrompt);
    expect(failureTextOf(IMAGE_ENDPOINTS.generateImage)).toBe(ERROR_TEXTS.network.generateImage);
    expect(failureTextOf(VOICE_ENDPOINTS.speechToSpeech)).toBe(ERROR_TEXTS.audio.processAudioRetry);
    expect(failureTextOf(YOUTUBE_ENDPOINTS.thumbnails)).toBe(ERROR_TEXTS.network.getThumbnails);
  });

  it('falls back to the generic text for an endpoint without one', () => {
    const other = endpoint({ method: 'GET', path: '/api/other', access: 'public' });
    expect(failureTextOf(other)).toBe(ERROR_TEXTS.generic.unexpected);
  });
});
