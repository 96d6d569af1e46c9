// Calls of the four prompt tools through the host's API client (gateway → prompt service), typed by the endpoint
// definitions in the contracts.
import {
  ERROR_TEXTS,
  PROMPT_ENDPOINTS,
  type AnalysisTask,
  type CameraMotion,
  type DescriptionReply,
  type Language,
  type PromptReply,
  type VideoStyle,
} from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';

const E = PROMPT_ENDPOINTS;

/** Texts shown when a call fails without a server text (docs/product-rules.md#errors). */
export const FALLBACK_ERRORS = {
  imageToPrompt: ERROR_TEXTS.network.generatePrompt,
  magicEnhance: ERROR_TEXTS.ui.enhancePrompt,
  describeImage: ERROR_TEXTS.network.generateDescription,
  videoPrompt: ERROR_TEXTS.network.generateVideoPrompt,
} as const;

export function generateImagePrompt(api: ApiClient, image: string): Promise<PromptReply> {
  return api.call(E.generateImagePrompt, {
    body: { image, toolName: 'image-to-prompt' },
    fallbackError: FALLBACK_ERRORS.imageToPrompt,
  });
}

export function enhancePrompt(api: ApiClient, text: string): Promise<PromptReply> {
  return api.call(E.generateTextPrompt, {
    body: { text, toolName: 'magic-enhance' },
    fallbackError: FALLBACK_ERRORS.magicEnhance,
  });
}

export function describeImage(
  api: ApiClient,
  input: { image: string; language: Language; analysisTasks: AnalysisTask[] },
): Promise<DescriptionReply> {
  return api.call(E.generateAiDescription, {
    body: { ...input, toolName: 'ai-describe-image' },
    fallbackError: FALLBACK_ERRORS.describeImage,
  });
}

export function generateVideoPrompt(
  api: ApiClient,
  input: {
    image: string;
    language: Language;
    cameraMotion: CameraMotion;
    videoStyle: VideoStyle;
    actionDescription: string;
  },
): Promise<PromptReply> {
  return api.call(E.generateVideoPrompt, {
    body: { ...input, toolName: 'image-to-video-prompt' },
    fallbackError: FALLBACK_ERRORS.videoPrompt,
  });
}
