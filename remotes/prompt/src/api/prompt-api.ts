// Calls of the four prompt tools through the host's API client (gateway → prompt service), typed by the contracts.
import {
  API_ROUTES,
  DescriptionReplySchema,
  ERROR_TEXTS,
  PromptReplySchema,
  type AnalysisTask,
  type CameraMotion,
  type DescriptionReply,
  type Language,
  type PromptReply,
  type VideoStyle,
} from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';

const R = API_ROUTES.prompt;

/** Texts shown when a call fails without a server text (docs/product-rules.md#errors). */
export const FALLBACK_ERRORS = {
  imageToPrompt: ERROR_TEXTS.network.generatePrompt,
  magicEnhance: ERROR_TEXTS.ui.enhancePrompt,
  describeImage: ERROR_TEXTS.network.generateDescription,
  videoPrompt: ERROR_TEXTS.network.generateVideoPrompt,
} as const;

export function generateImagePrompt(api: ApiClient, image: string): Promise<PromptReply> {
  return api.post(
    R.generateImagePrompt,
    { image, toolName: 'image-to-prompt' },
    { schema: PromptReplySchema, fallbackError: FALLBACK_ERRORS.imageToPrompt },
  );
}

export function enhancePrompt(api: ApiClient, text: string): Promise<PromptReply> {
  return api.post(
    R.generateTextPrompt,
    { text, toolName: 'magic-enhance' },
    { schema: PromptReplySchema, fallbackError: FALLBACK_ERRORS.magicEnhance },
  );
}

export function describeImage(
  api: ApiClient,
  input: { image: string; language: Language; analysisTasks: AnalysisTask[] },
): Promise<DescriptionReply> {
  return api.post(
    R.generateAiDescription,
    { ...input, toolName: 'ai-describe-image' },
    { schema: DescriptionReplySchema, fallbackError: FALLBACK_ERRORS.describeImage },
  );
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
  return api.post(
    R.generateVideoPrompt,
    { ...input, toolName: 'image-to-video-prompt' },
    { schema: PromptReplySchema, fallbackError: FALLBACK_ERRORS.videoPrompt },
  );
}
