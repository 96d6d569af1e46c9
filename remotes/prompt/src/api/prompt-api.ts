// Calls of the four prompt tools through the host's API client (gateway → prompt service), typed by the endpoint
// definitions in the contracts; a failure the server did not word shows the endpoint's text (failureTextOf).
import {
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

export function generateImagePrompt(api: ApiClient, image: string): Promise<PromptReply> {
  return api.call(E.generateImagePrompt, {
    body: { image, toolName: 'image-to-prompt' },
  });
}

export function enhancePrompt(api: ApiClient, text: string): Promise<PromptReply> {
  return api.call(E.generateTextPrompt, {
    body: { text, toolName: 'magic-enhance' },
  });
}

export function describeImage(
  api: ApiClient,
  input: { image: string; language: Language; analysisTasks: AnalysisTask[] },
): Promise<DescriptionReply> {
  return api.call(E.generateAiDescription, {
    body: { ...input, toolName: 'ai-describe-image' },
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
  });
}
