// Option lists of docs/product-rules.md#entities with their defaults: languages, analysis tasks, video and image
// settings, and model lists.
import { z } from 'zod';

export const LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Chinese',
  'Japanese',
  'Korean',
  'Arabic',
] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'English';
/**
 * Each output language's displayed name. The language itself is the id sent to the server (and the word its
 * instructions use), so it stays English; only these names switch (docs/architecture.md#languages).
 */
export const OUTPUT_LANGUAGE_TEXTS: Record<Language, string> = {
  English: 'English',
  Spanish: 'Spanish',
  French: 'French',
  German: 'German',
  Italian: 'Italian',
  Portuguese: 'Portuguese',
  Chinese: 'Chinese',
  Japanese: 'Japanese',
  Korean: 'Korean',
  Arabic: 'Arabic',
};

export interface Option<Id extends string> {
  id: Id;
  label: string;
}

export const ANALYSIS_TASK_IDS = [
  'describe-details',
  'describe-person',
  'describe-background',
  'recognise-objects',
  'analyse-art-style',
  'extract-text',
  'color-light',
] as const;
export const AnalysisTaskSchema = z.enum(ANALYSIS_TASK_IDS);
export type AnalysisTask = z.infer<typeof AnalysisTaskSchema>;
export const ANALYSIS_TASKS: readonly Option<AnalysisTask>[] = [
  { id: 'describe-details', label: 'Describe in detail' },
  { id: 'describe-person', label: 'Describe the person' },
  { id: 'describe-background', label: 'Describe the background' },
  { id: 'recognise-objects', label: 'Recognise objects' },
  { id: 'analyse-art-style', label: 'Analyse art style' },
  { id: 'extract-text', label: 'Extract text' },
  { id: 'color-light', label: 'Colour and lighting' },
];
export const DEFAULT_ANALYSIS_TASKS: readonly AnalysisTask[] = ['describe-details'];

export const CAMERA_MOTION_IDS = [
  'static',
  'pan-left',
  'pan-right',
  'tilt-up',
  'tilt-down',
  'zoom-in',
  'zoom-out',
  'dolly-forward',
  'crane-up',
  'arc-left',
  'handheld-shake',
] as const;
export const CameraMotionSchema = z.enum(CAMERA_MOTION_IDS);
export type CameraMotion = z.infer<typeof CameraMotionSchema>;
export const CAMERA_MOTIONS: readonly Option<CameraMotion>[] = [
  { id: 'static', label: 'Static' },
  { id: 'pan-left', label: 'Pan Left' },
  { id: 'pan-right', label: 'Pan Right' },
  { id: 'tilt-up', label: 'Tilt Up' },
  { id: 'tilt-down', label: 'Tilt Down' },
  { id: 'zoom-in', label: 'Zoom In' },
  { id: 'zoom-out', label: 'Zoom Out' },
  { id: 'dolly-forward', label: 'Dolly Forward' },
  { id: 'crane-up', label: 'Crane Up' },
  { id: 'arc-left', label: 'Arc Left' },
  { id: 'handheld-shake', label: 'Handheld Shake' },
];
export const DEFAULT_CAMERA_MOTION: CameraMotion = 'static';

export const VIDEO_STYLE_IDS = [
  'cinematic',
  'photorealistic',
  'anime',
  '3d-animation',
  'claymation',
  'black-and-white',
  'vintage-film',
] as const;
export const VideoStyleSchema = z.enum(VIDEO_STYLE_IDS);
export type VideoStyle = z.infer<typeof VideoStyleSchema>;
export const VIDEO_STYLES: readonly Option<VideoStyle>[] = [
  { id: 'cinematic', label: 'Cinematic' },
  { id: 'photorealistic', label: 'Photorealistic' },
  { id: 'anime', label: 'Anime' },
  { id: '3d-animation', label: '3D Animation' },
  { id: 'claymation', label: 'Claymation' },
  { id: 'black-and-white', label: 'Black and White' },
  { id: 'vintage-film', label: 'Vintage Film' },
];
export const DEFAULT_VIDEO_STYLE: VideoStyle = 'cinematic';

export const IMAGE_STYLE_IDS = [
  'none',
  'photorealistic',
  'cinematic',
  'anime',
  '3d-model',
  'digital-art',
  'fantasy-art',
  'watercolor',
  'charcoal-sketch',
  'line-art',
  'comic-book',
  'pixel-art',
  'abstract',
] as const;
export const ImageStyleSchema = z.enum(IMAGE_STYLE_IDS);
export type ImageStyle = z.infer<typeof ImageStyleSchema>;
export const IMAGE_STYLES: readonly Option<ImageStyle>[] = [
  { id: 'none', label: 'None' },
  { id: 'photorealistic', label: 'Photorealistic' },
  { id: 'cinematic', label: 'Cinematic' },
  { id: 'anime', label: 'Anime' },
  { id: '3d-model', label: '3D Model' },
  { id: 'digital-art', label: 'Digital Art' },
  { id: 'fantasy-art', label: 'Fantasy Art' },
  { id: 'watercolor', label: 'Watercolor' },
  { id: 'charcoal-sketch', label: 'Charcoal Sketch' },
  { id: 'line-art', label: 'Line Art' },
  { id: 'comic-book', label: 'Comic Book' },
  { id: 'pixel-art', label: 'Pixel Art' },
  { id: 'abstract', label: 'Abstract' },
];
export const DEFAULT_IMAGE_STYLE: ImageStyle = 'photorealistic';

export const ASPECT_RATIO_IDS = ['square', 'portrait', 'landscape', 'widescreen'] as const;
export const AspectRatioSchema = z.enum(ASPECT_RATIO_IDS);
export type AspectRatio = z.infer<typeof AspectRatioSchema>;
export interface AspectRatioOption extends Option<AspectRatio> {
  ratio: string;
  width: number;
  height: number;
}
export const ASPECT_RATIOS: readonly AspectRatioOption[] = [
  { id: 'square', label: 'Square', ratio: '1:1', width: 1024, height: 1024 },
  { id: 'portrait', label: 'Portrait', ratio: '9:16', width: 768, height: 1344 },
  { id: 'landscape', label: 'Landscape', ratio: '16:9', width: 1344, height: 768 },
  { id: 'widescreen', label: 'Widescreen', ratio: '21:9', width: 1536, height: 640 },
];
export const DEFAULT_ASPECT_RATIO: AspectRatio = 'square';

export const IMAGE_FORMAT_IDS = ['png', 'jpg', 'webp'] as const;
export const ImageFormatSchema = z.enum(IMAGE_FORMAT_IDS);
export type ImageFormat = z.infer<typeof ImageFormatSchema>;
export const IMAGE_FORMATS: readonly Option<ImageFormat>[] = [
  { id: 'png', label: 'PNG' },
  { id: 'jpg', label: 'JPG' },
  { id: 'webp', label: 'WEBP' },
];
export const DEFAULT_IMAGE_FORMAT: ImageFormat = 'png';

/**
 * Chat agent models. Ids are OpenRouter model ids (docs/architecture.md#tool-services: any OpenAI-compatible
 * endpoint).
 */
export const CHAT_MODEL_IDS = [
  'openai/gpt-4o-mini',
  'google/gemini-2.5-pro',
  'google/gemini-2.5-flash',
  'anthropic/claude-sonnet-4',
  'meta-llama/llama-3-70b-instruct',
  'mistralai/mistral-nemo',
  'deepseek/deepseek-chat-v3-0324:free',
  'deepseek/deepseek-r1:free',
] as const;
export const ChatModelIdSchema = z.enum(CHAT_MODEL_IDS);
export type ChatModelId = z.infer<typeof ChatModelIdSchema>;

export interface ChatModel {
  id: ChatModelId;
  name: string;
  provider: string;
  /** Brand colour (hex) for the model's badge. */
  color: string;
  vision: boolean;
  pdfs: boolean;
  webSearch: boolean;
}

export const CHAT_MODELS: readonly ChatModel[] = [
  {
    id: 'openai/gpt-4o-mini',
    name: 'GPT-4o Mini',
    provider: 'OpenAI',
    color: '#10a37f',
    vision: true,
    pdfs: true,
    webSearch: true,
  },
  {
    id: 'google/gemini-2.5-pro',
    name: 'Gemini 2.5 Pro',
    provider: 'Google',
    color: '#4285f4',
    vision: true,
    pdfs: true,
    webSearch: true,
  },
  {
    id: 'google/gemini-2.5-flash',
    name: 'Gemini 2.5 Flash',
    provider: 'Google',
    color: '#34a853',
    vision: true,
    pdfs: true,
    webSearch: true,
  },
  {
    id: 'anthropic/claude-sonnet-4',
    name: 'Claude 4 Sonnet',
    provider: 'Anthropic',
    color: '#d97757',
    vision: true,
    pdfs: true,
    webSearch: true,
  },
  {
    id: 'meta-llama/llama-3-70b-instruct',
    name: 'Llama 3 70B',
    provider: 'Meta',
    color: '#0668e1',
    vision: false,
    pdfs: false,
    webSearch: false,
  },
  {
    id: 'mistralai/mistral-nemo',
    name: 'Mistral Nemo',
    provider: 'Mistral AI',
    color: '#fa520f',
    vision: false,
    pdfs: false,
    webSearch: false,
  },
  {
    id: 'deepseek/deepseek-chat-v3-0324:free',
    name: 'DeepSeek Chat V3 (free)',
    provider: 'DeepSeek',
    color: '#4d6bfe',
    vision: false,
    pdfs: false,
    webSearch: false,
  },
  {
    id: 'deepseek/deepseek-r1:free',
    name: 'DeepSeek R1 (free)',
    provider: 'DeepSeek',
    color: '#1e3a8a',
    vision: false,
    pdfs: false,
    webSearch: false,
  },
];

const CHAT_MODELS_BY_ID: ReadonlyMap<string, ChatModel> = new Map(CHAT_MODELS.map((m) => [m.id, m]));

export function getChatModel(id: ChatModelId): ChatModel;
export function getChatModel(id: string): ChatModel | undefined;
export function getChatModel(id: string): ChatModel | undefined {
  return CHAT_MODELS_BY_ID.get(id);
}

/** The four playground columns, in column order (docs/product-rules.md#entities). */
export const PLAYGROUND_MODELS = [
  'openai/gpt-4o-mini',
  'google/gemini-2.5-flash-preview-05-20',
  'anthropic/claude-sonnet-4',
  'deepseek/deepseek-r1-0528:free',
] as const;
export const PlaygroundModelIdSchema = z.enum(PLAYGROUND_MODELS);
export type PlaygroundModelId = z.infer<typeof PlaygroundModelIdSchema>;

/** Display data of the playground columns. */
export const PLAYGROUND_MODEL_INFO: Readonly<
  Record<PlaygroundModelId, { name: string; provider: string; color: string }>
> = {
  'openai/gpt-4o-mini': { name: 'GPT-4o Mini', provider: 'OpenAI', color: '#10a37f' },
  'google/gemini-2.5-flash-preview-05-20': { name: 'Gemini 2.5 Flash', provider: 'Google', color: '#34a853' },
  'anthropic/claude-sonnet-4': { name: 'Claude 4 Sonnet', provider: 'Anthropic', color: '#d97757' },
  'deepseek/deepseek-r1-0528:free': { name: 'DeepSeek R1', provider: 'DeepSeek', color: '#1e3a8a' },
};

/**
 * Ours (issue 25): the chat agent model a playground column continues as ("Continue with this model"): the same
 * model, under the chat agent's id.
 */
export const PLAYGROUND_AGENT_MODEL: Readonly<Record<PlaygroundModelId, ChatModelId>> = {
  'openai/gpt-4o-mini': 'openai/gpt-4o-mini',
  'google/gemini-2.5-flash-preview-05-20': 'google/gemini-2.5-flash',
  'anthropic/claude-sonnet-4': 'anthropic/claude-sonnet-4',
  'deepseek/deepseek-r1-0528:free': 'deepseek/deepseek-r1:free',
};

/** The chat-reasoning model (docs/product-rules.md#entities). */
export const REASONING_MODEL = 'perplexity/sonar-reasoning-pro';

export const IMAGE_MODEL_IDS = [
  'imagen-4-preview',
  'stable-diffusion-3.5-large',
  'flux-pro',
  'seedream-v3',
  'flux-schnell',
  'flux-pro-max',
  'imagen-4-ultra',
  'ideogram-v3',
] as const;
export const ImageModelIdSchema = z.enum(IMAGE_MODEL_IDS);
export type ImageModelId = z.infer<typeof ImageModelIdSchema>;
/**
 * Text-to-image models; the first is the default (docs/product-rules.md#entities). Provider adapters map these ids to
 * their own.
 */
export const IMAGE_MODELS: readonly Option<ImageModelId>[] = [
  { id: 'imagen-4-preview', label: 'Imagen 4 Preview' },
  { id: 'stable-diffusion-3.5-large', label: 'Stable Diffusion v3.5 Large' },
  { id: 'flux-pro', label: 'FLUX Pro' },
  { id: 'seedream-v3', label: 'Seedream v3' },
  { id: 'flux-schnell', label: 'FLUX Schnell' },
  { id: 'flux-pro-max', label: 'FLUX Pro Max' },
  { id: 'imagen-4-ultra', label: 'Imagen 4 Ultra' },
  { id: 'ideogram-v3', label: 'Ideogram v3' },
];
export const DEFAULT_IMAGE_MODEL: ImageModelId = 'imagen-4-preview';

export interface Voice {
  id: string;
  name: string;
}
/**
 * The single voice shown when the voice list fails to load (docs/product-rules.md#errors); the id is ElevenLabs'
 * premade 'Adam'.
 */
export const DEFAULT_VOICE: Voice = { id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam' };

/** Text-to-speech model and output format (docs/product-rules.md#costs-and-limits). */
export const TTS_MODEL = 'eleven_flash_v2_5';
export const TTS_OUTPUT_FORMAT = 'mp3_44100_128';
/** Sound effects: MP3 at 44.1 kHz (docs/product-rules.md#costs-and-limits). */
export const SOUND_EFFECT_OUTPUT_FORMAT = 'mp3_44100_128';

/** Default age change of the Age Progression tool (docs/product-rules.md#screens). */
export const DEFAULT_AGE_CHANGE = '20 years older';
