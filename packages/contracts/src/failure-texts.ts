// What the browser shows when a call of an endpoint fails without a server text (docs/product-rules.md#errors): a
// network error, a proxy's error page, a reply it cannot read. One home beside the endpoint definitions, read by
// host-sdk's API client for every call, so no remote keeps a table of its own; a call that means something else by
// the same endpoint (a transcript saved as a file) passes its own `fallbackError`.
import type { Endpoint } from './endpoint';
import { ERROR_TEXTS } from './errors';
import { IMAGE_ENDPOINTS } from './api/image';
import { PROMPT_ENDPOINTS } from './api/prompt';
import { VOICE_ENDPOINTS } from './api/voice';
import { YOUTUBE_ENDPOINTS } from './api/youtube';

const FAILURE_TEXTS: ReadonlyMap<Endpoint, string> = new Map<Endpoint, string>([
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
  [YOUTUBE_ENDPOINTS.summarize, ERROR_TEXTS.network.summarizeVideo],
  [YOUTUBE_ENDPOINTS.transcript, ERROR_TEXTS.youtube.loadTranscript],
  [YOUTUBE_ENDPOINTS.askVideo, ERROR_TEXTS.youtube.askFailed],
  [YOUTUBE_ENDPOINTS.thumbnails, ERROR_TEXTS.network.getThumbnails],
  [YOUTUBE_ENDPOINTS.thumbnailDownload, ERROR_TEXTS.ui.downloadThumbnail],
]);

/** The endpoint's own failure text, else the generic one. */
export function failureTextOf(endpoint: Endpoint): string {
  return FAILURE_TEXTS.get(endpoint) ?? ERROR_TEXTS.generic.unexpected;
}
