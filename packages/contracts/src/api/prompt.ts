// Prompt service contracts (docs/product-rules.md#endpoints): image to prompt, magic enhance, AI image description,
// image to video prompt.
import { z } from 'zod';
import { endpoint, toolEndpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { LIMITS } from '../limits';
import { AnalysisTaskSchema, CameraMotionSchema, LanguageSchema, VideoStyleSchema } from '../options';
import { ImageDataUrlSchema, remainingCreditsField, successReply, ToolNameFieldSchema } from './common';
import {
  PromptResultParamsSchema,
  PromptResultReplySchema,
  PromptResultsQuerySchema,
  PromptResultsReplySchema,
} from './prompt-results';

export * from './prompt-results';

const V = ERROR_TEXTS.validation;

export const GenerateImagePromptRequestSchema = z.object({
  image: ImageDataUrlSchema,
  toolName: ToolNameFieldSchema,
});
export type GenerateImagePromptRequest = z.infer<typeof GenerateImagePromptRequestSchema>;

export const GenerateTextPromptRequestSchema = z.object({
  text: z
    .string({ error: () => V.textRequired })
    .trim()
    .min(1, { error: () => V.textRequired, abort: true })
    .max(LIMITS.magicEnhanceText, { error: () => V.magicEnhanceTextTooLong }),
  toolName: ToolNameFieldSchema,
});
export type GenerateTextPromptRequest = z.infer<typeof GenerateTextPromptRequestSchema>;

export const GenerateAiDescriptionRequestSchema = z.object({
  image: ImageDataUrlSchema,
  language: LanguageSchema,
  analysisTasks: z
    .array(AnalysisTaskSchema, { error: () => V.analysisTaskRequired })
    .min(1, { error: () => V.analysisTaskRequired })
    .max(AnalysisTaskSchema.options.length)
    .refine((tasks) => new Set(tasks).size === tasks.length, { error: () => V.invalidRequest }),
  toolName: ToolNameFieldSchema,
});
export type GenerateAiDescriptionRequest = z.infer<typeof GenerateAiDescriptionRequestSchema>;

export const GenerateVideoPromptRequestSchema = z.object({
  image: ImageDataUrlSchema,
  language: LanguageSchema,
  cameraMotion: CameraMotionSchema,
  videoStyle: VideoStyleSchema,
  actionDescription: z
    .string({ error: () => V.actionDescriptionRequired })
    .trim()
    .min(1, { error: () => V.actionDescriptionRequired, abort: true })
    .max(LIMITS.actionDescription, { error: () => V.actionDescriptionTooLong }),
  toolName: ToolNameFieldSchema,
});
export type GenerateVideoPromptRequest = z.infer<typeof GenerateVideoPromptRequestSchema>;

/** Reply of generate-image-prompt, generate-text-prompt and generate-video-prompt. */
/** Ours: the member's stored result (prompt-results.ts); absent for guests, whose results are not kept. */
const resultIdField = { resultId: z.uuid().optional() };

export const PromptReplySchema = successReply({
  prompt: z.string(),
  ...remainingCreditsField,
  ...resultIdField,
});
export type PromptReply = z.infer<typeof PromptReplySchema>;

/** Reply of generate-ai-description. */
export const DescriptionReplySchema = successReply({
  description: z.string(),
  ...remainingCreditsField,
  ...resultIdField,
});
export type DescriptionReply = z.infer<typeof DescriptionReplySchema>;

/** The prompt tools (docs/product-rules.md#endpoints); guests may use each once a day. */
export const PROMPT_ENDPOINTS = {
  generateImagePrompt: toolEndpoint({
    failureText: () => ERROR_TEXTS.network.generatePrompt,
    method: 'POST',
    path: '/api/prompt/generate-image-prompt',
    tool: 'image-to-prompt',
    bodyLimit: 'image',
    request: GenerateImagePromptRequestSchema,
    reply: PromptReplySchema,
  }),
  generateTextPrompt: toolEndpoint({
    failureText: () => ERROR_TEXTS.ui.enhancePrompt,
    method: 'POST',
    path: '/api/prompt/generate-text-prompt',
    tool: 'magic-enhance',
    request: GenerateTextPromptRequestSchema,
    reply: PromptReplySchema,
  }),
  generateAiDescription: toolEndpoint({
    failureText: () => ERROR_TEXTS.network.generateDescription,
    method: 'POST',
    path: '/api/prompt/generate-ai-description',
    tool: 'ai-describe-image',
    bodyLimit: 'image',
    request: GenerateAiDescriptionRequestSchema,
    reply: DescriptionReplySchema,
  }),
  generateVideoPrompt: toolEndpoint({
    failureText: () => ERROR_TEXTS.network.generateVideoPrompt,
    method: 'POST',
    path: '/api/prompt/generate-video-prompt',
    tool: 'image-to-video-prompt',
    bodyLimit: 'image',
    request: GenerateVideoPromptRequestSchema,
    reply: PromptReplySchema,
  }),
  /** Ours (issue 37): the member's stored results, newest first, of one tool or all four. */
  results: endpoint({
    method: 'GET',
    path: '/api/prompt/results',
    access: 'member',
    request: PromptResultsQuerySchema,
    reply: PromptResultsReplySchema,
  }),
  /** Ours: one stored result (what `?open=<id>` shows); another member's id is 404. */
  result: endpoint({
    method: 'GET',
    path: '/api/prompt/results/:id',
    access: 'member',
    params: PromptResultParamsSchema,
    reply: PromptResultReplySchema,
  }),
  /** Ours: deletes a stored result; another member's id is 404. */
  deleteResult: endpoint({
    method: 'DELETE',
    path: '/api/prompt/results/:id',
    access: 'member',
    params: PromptResultParamsSchema,
    reply: successReply({}),
  }),
} as const;
