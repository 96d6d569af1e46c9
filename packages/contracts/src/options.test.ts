import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_TASKS,
  ASPECT_RATIOS,
  AspectRatioSchema,
  CAMERA_MOTIONS,
  CHAT_MODELS,
  DEFAULT_ANALYSIS_TASKS,
  DEFAULT_ASPECT_RATIO,
  DEFAULT_IMAGE_MODEL,
  DEFAULT_IMAGE_STYLE,
  DEFAULT_LANGUAGE,
  DEFAULT_VOICE,
  IMAGE_FORMATS,
  IMAGE_MODELS,
  IMAGE_STYLES,
  LANGUAGES,
  LanguageSchema,
  PLAYGROUND_MODELS,
  REASONING_MODEL,
  VIDEO_STYLES,
} from './options';

describe('option lists', () => {
  it('pins languages and the default', () => {
    expect(LANGUAGES).toEqual([
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
    ]);
    expect(DEFAULT_LANGUAGE).toBe('English');
    expect(LanguageSchema.safeParse('Klingon').success).toBe(false);
  });

  it('pins analysis tasks with describe-details checked by default', () => {
    expect(ANALYSIS_TASKS.map((t) => t.id)).toEqual([
      'describe-details',
      'describe-person',
      'describe-background',
      'recognise-objects',
      'analyse-art-style',
      'extract-text',
      'color-light',
    ]);
    expect(DEFAULT_ANALYSIS_TASKS).toEqual(['describe-details']);
  });

  it('pins camera motions, video and image styles', () => {
    expect(CAMERA_MOTIONS.map((m) => m.id)).toEqual([
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
    ]);
    expect(VIDEO_STYLES.map((s) => s.id)).toEqual([
      'cinematic',
      'photorealistic',
      'anime',
      '3d-animation',
      'claymation',
      'black-and-white',
      'vintage-film',
    ]);
    expect(IMAGE_STYLES.map((s) => s.id)).toEqual([
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
    ]);
    expect(DEFAULT_IMAGE_STYLE).toBe('photorealistic');
  });

  it('pins aspect ratios with their pixel sizes and the formats', () => {
    expect(ASPECT_RATIOS.map((a) => [a.id, a.ratio, a.width, a.height])).toEqual([
      ['square', '1:1', 1024, 1024],
      ['portrait', '9:16', 768, 1344],
      ['landscape', '16:9', 1344, 768],
      ['widescreen', '21:9', 1536, 640],
    ]);
    expect(DEFAULT_ASPECT_RATIO).toBe('square');
    expect(AspectRatioSchema.safeParse('1:1').success).toBe(false);
    expect(IMAGE_FORMATS.map((f) => f.label)).toEqual(['PNG', 'JPG', 'WEBP']);
  });

  it('flags vision, PDFs and web search per chat agent model', () => {
    const flags = Object.fromEntries(CHAT_MODELS.map((m) => [m.name, [m.vision, m.pdfs, m.webSearch]]));
    const all = [true, true, true];
    const none = [false, false, false];
    expect(flags).toEqual({
      'GPT-4o Mini': all,
      'Gemini 2.5 Pro': all,
      'Gemini 2.5 Flash': all,
      'Claude 4 Sonnet': all,
      'Llama 3 70B': none,
      'Mistral Nemo': none,
      'DeepSeek Chat V3 (free)': none,
      'DeepSeek R1 (free)': none,
    });
  });

  it('pins the playground, reasoning and image models and the default voice', () => {
    expect(PLAYGROUND_MODELS).toEqual([
      'openai/gpt-4o-mini',
      'google/gemini-2.5-flash-preview-05-20',
      'anthropic/claude-sonnet-4',
      'deepseek/deepseek-r1-0528:free',
    ]);
    expect(REASONING_MODEL).toBe('perplexity/sonar-reasoning-pro');
    expect(IMAGE_MODELS.map((m) => m.label)).toEqual([
      'Imagen 4 Preview',
      'Stable Diffusion v3.5 Large',
      'FLUX Pro',
      'Seedream v3',
      'FLUX Schnell',
      'FLUX Pro Max',
      'Imagen 4 Ultra',
      'Ideogram v3',
    ]);
    expect(DEFAULT_IMAGE_MODEL).toBe(IMAGE_MODELS[0]?.id);
    expect(DEFAULT_VOICE.name).toBe('Adam');
  });
});
