// The tool catalogue (docs/product-rules.md#product, #screens, #costs-and-limits): ids, names, product copy, costs,
// categories, families and visibility. Credits computes every charge from this table; the browser shows the same
// figures.
import { z } from 'zod';

export const TOOL_IDS = [
  'image-to-prompt',
  'magic-enhance',
  'ai-describe-image',
  'image-to-video-prompt',
  'ai-chat-playground',
  'chat-agent',
  'chat-reasoning',
  'deep-search',
  'ai-web-chat',
  'text-to-image',
  'image-to-image',
  'background-change',
  'baby-version',
  'cartoonify',
  'age-progression',
  'broccoli-haircut',
  'color-correction',
  'expression-change',
  'upscale',
  'edit-image',
  'text-to-speech',
  'speech-to-speech',
  'sound-effects',
  'voice-isolator',
  'transcribe',
  'youtube-summarizer',
  'youtube-thumbnail-downloader',
] as const;

export const ToolIdSchema = z.enum(TOOL_IDS);
export type ToolId = z.infer<typeof ToolIdSchema>;

export const TOOL_CATEGORIES = ['AI Prompt', 'Ask AI', 'Create with AI', 'AI Voice', 'Other Tools'] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];
/**
 * Each category's displayed name (the Tools menu, the dashboard's groups). A category itself (`tool.category`) is a
 * stable id that groups tools and names headings and stays English; only these names switch language
 * (docs/architecture.md#languages).
 */
export const TOOL_CATEGORY_TEXTS: Record<ToolCategory, string> = {
  'AI Prompt': 'AI Prompt',
  'Ask AI': 'Ask AI',
  'Create with AI': 'Create with AI',
  'AI Voice': 'AI Voice',
  'Other Tools': 'Other Tools',
};

/** The remote and service family that owns a tool. */
export const TOOL_FAMILIES = ['prompt', 'chat', 'image', 'voice', 'youtube'] as const;
export type ToolFamily = (typeof TOOL_FAMILIES)[number];

/** Icon keys; the front end maps each to an icon component (lucide names). */
export const TOOL_ICONS = [
  'image',
  'wand',
  'scan-eye',
  'clapperboard',
  'columns',
  'message-square',
  'brain',
  'search',
  'globe',
  'palette',
  'images',
  'replace',
  'baby',
  'smile',
  'hourglass',
  'scissors',
  'sun',
  'laugh',
  'volume',
  'mic',
  'music',
  'audio-lines',
  'youtube',
  'download',
  'maximize',
  'brush',
] as const;
export type ToolIcon = (typeof TOOL_ICONS)[number];

export interface Tool {
  id: ToolId;
  name: string;
  description: string;
  /** Credits per use; 0 means free. */
  cost: number;
  /** Extra credits for options, added by toolCost(). */
  costOptions?: {
    /** Extra credits when web search is on (chat agent). */
    webSearch?: number;
    /**
     * What a follow-up message costs instead of `cost` (web chat: starting reads the page, a follow-up does not; the
     * summarizer: a question about the summarized video).
     */
    followUp?: number;
    /** `cost` is per started minute of audio (dictation): toolCost() multiplies it by `minutes`. */
    perStartedMinute?: boolean;
  };
  category: ToolCategory;
  family: ToolFamily;
  icon: ToolIcon;
  seoTitle: string;
  seoDescription: string;
  /** Shown as a card on the dashboard (four photo effects are reached only through the hub). */
  dashboardVisible: boolean;
  /** Has a working tool page; false shows the coming-soon notice. */
  hasPage: boolean;
  /** Listed as a card on the image-to-image hub. */
  hubListed: boolean;
  /**
   * Guests (no account) may use it once per day per network (docs/product-rules.md#costs-and-limits). Only tools
   * whose screen a guest can reach and whose provider cost is small: every guest use is a free provider call. Its
   * endpoints' access derives from this.
   */
  guest: boolean;
}

const SEO_SUFFIX = ' | AI Creative Toolbox';

// Kept literal so the type checker knows which tools guests may use (GuestToolId, and so each endpoint's access).
const CATALOGUE = [
  {
    id: 'image-to-prompt',
    name: 'Image to Prompt',
    description:
      'Upload any image and get a detailed prompt you can reuse in Midjourney, DALL·E or Stable Diffusion.',
    cost: 2,
    category: 'AI Prompt',
    family: 'prompt',
    icon: 'image',
    seoTitle: `Image to Prompt Generator${SEO_SUFFIX}`,
    seoDescription:
      'Turn any picture into a detailed AI image prompt. Upload a PNG, JPG or WebP and copy a ready-to-use prompt for Midjourney, DALL·E or Stable Diffusion.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: true,
  },
  {
    id: 'magic-enhance',
    name: 'Magic Enhance',
    description: 'Turn a rough idea into a rich, vivid prompt with style, lighting and mood details.',
    cost: 1,
    category: 'AI Prompt',
    family: 'prompt',
    icon: 'wand',
    seoTitle: `Magic Prompt Enhancer${SEO_SUFFIX}`,
    seoDescription:
      'Paste a short idea and get a polished AI prompt with subject, style, colours, mood and context filled in. One credit per enhancement.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: true,
  },
  {
    id: 'ai-describe-image',
    name: 'AI Describe Image',
    description:
      'Get a precise description of a photo: people, objects, background, art style, text, colour and light.',
    cost: 2,
    category: 'AI Prompt',
    family: 'prompt',
    icon: 'scan-eye',
    seoTitle: `AI Image Description Generator${SEO_SUFFIX}`,
    seoDescription:
      'Describe any image with AI in ten languages: details, people, background, objects, art style, text extraction and colour and lighting analysis.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: true,
  },
  {
    id: 'image-to-video-prompt',
    name: 'Image to Video Prompt',
    description:
      'Turn a still image into a video prompt with camera motion, visual style and the action you describe.',
    cost: 2,
    category: 'AI Prompt',
    family: 'prompt',
    icon: 'clapperboard',
    seoTitle: `Image to Video Prompt Generator${SEO_SUFFIX}`,
    seoDescription:
      'Write video generation prompts from a single image. Pick camera motion and style, describe the action, and get a prompt ready for AI video models.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: true,
  },
  {
    id: 'ai-chat-playground',
    name: 'AI Chat Playground',
    description: 'Ask once and compare answers from GPT-4o Mini, Gemini, Claude and DeepSeek side by side.',
    cost: 5,
    category: 'Ask AI',
    family: 'chat',
    icon: 'columns',
    seoTitle: `AI Chat Playground: Compare AI Models${SEO_SUFFIX}`,
    seoDescription:
      'Send one message to four leading AI models at once and compare their answers side by side. Keep every conversation in your chat history.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'chat-agent',
    name: 'Chat Agent',
    description: 'Chat with the model of your choice, attach images and PDFs, and switch on live web search.',
    cost: 2,
    costOptions: { webSearch: 5 },
    category: 'Ask AI',
    family: 'chat',
    icon: 'message-square',
    seoTitle: `AI Chat Agent with Web Search${SEO_SUFFIX}`,
    seoDescription:
      'Pick from GPT-4o Mini, Gemini 2.5, Claude 4 Sonnet, Llama 3, Mistral and DeepSeek. Attach images and PDFs and add web search when you need fresh facts.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'chat-reasoning',
    name: 'Chat Reasoning',
    description:
      'Work through hard questions step by step with a reasoning model that researches as it thinks.',
    cost: 6,
    category: 'Ask AI',
    family: 'chat',
    icon: 'brain',
    seoTitle: `AI Reasoning Chat${SEO_SUFFIX}`,
    seoDescription:
      'Ask complex questions and get reasoned, sourced answers from a research-grade reasoning model. Attach an image or a PDF for context.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'deep-search',
    name: 'Deep Search',
    description: 'Research a topic across many sources and get one clear, cited answer.',
    cost: 4,
    category: 'Ask AI',
    family: 'chat',
    icon: 'search',
    seoTitle: `AI Deep Search${SEO_SUFFIX}`,
    seoDescription:
      'Deep Search digs through many web sources for you and condenses them into one clear answer with citations.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'ai-web-chat',
    name: 'AI Web Chat',
    description:
      'Paste a link and chat with the page: ask questions, get summaries and answers with numbered sources.',
    // The price table (docs/product-rules.md#costs-and-limits) gives 6 credits to start a web chat (the page is read,
    // then summarised) and does not show the follow-up cost. Ours: a follow-up question about the page already read
    // costs 2, shown next to Send.
    cost: 6,
    costOptions: { followUp: 2 },
    category: 'Ask AI',
    family: 'chat',
    icon: 'globe',
    seoTitle: `Chat with Any Website${SEO_SUFFIX}`,
    seoDescription:
      'Enter a web page URL and ask questions about it. Get summaries and answers grounded in the page, with numbered source links.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'text-to-image',
    name: 'Text to Image',
    description: 'Create images from text with Imagen 4, FLUX, Stable Diffusion 3.5, Seedream and Ideogram.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'palette',
    seoTitle: `AI Text to Image Generator${SEO_SUFFIX}`,
    seoDescription:
      'Generate images from a text prompt with eight top models, 13 styles and four aspect ratios. Every image is saved to your personal gallery.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'image-to-image',
    name: 'Image to Image',
    description:
      'Transform your photos with AI effects: change the background, age, expression, style and more.',
    cost: 0,
    category: 'Create with AI',
    family: 'image',
    icon: 'images',
    seoTitle: `AI Photo Effects: Image to Image${SEO_SUFFIX}`,
    seoDescription:
      'All AI photo effects in one place: age progression, baby version, background change, cartoonify, broccoli haircut, colour correction and expression change.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'background-change',
    name: 'Background Change',
    description:
      'Describe a new scene and place your subject in it, with lighting matched to the new background.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'replace',
    seoTitle: `AI Background Changer${SEO_SUFFIX}`,
    seoDescription:
      'Replace the background of any photo by describing the scene you want. Compare before and after with a slider and download the result.',
    dashboardVisible: false,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'baby-version',
    name: 'Baby Version',
    description: 'See what anyone would look like as a baby, from a single portrait photo.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'baby',
    seoTitle: `AI Baby Face Generator${SEO_SUFFIX}`,
    seoDescription:
      'Upload a portrait and see its baby version in seconds. Compare before and after with a slider and download the picture.',
    dashboardVisible: false,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'cartoonify',
    name: 'Cartoonify',
    description: 'Turn a photo into a clean cartoon illustration that keeps the likeness.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'smile',
    seoTitle: `Cartoonify: Photo to Cartoon${SEO_SUFFIX}`,
    seoDescription:
      'Convert photos into cartoon illustrations with AI. Upload a picture, compare before and after, and download your cartoon.',
    dashboardVisible: false,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'age-progression',
    name: 'Age Progression',
    description: 'Age a face forward or back by the years you choose, keeping the person recognisable.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'hourglass',
    seoTitle: `AI Age Progression${SEO_SUFFIX}`,
    seoDescription:
      'See how a face looks years older or younger. Upload a portrait, describe the age change and compare before and after.',
    dashboardVisible: false,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'broccoli-haircut',
    name: 'Broccoli Haircut',
    description: 'Try the viral broccoli haircut on any portrait before you try it for real.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'scissors',
    seoTitle: `Broccoli Haircut Filter${SEO_SUFFIX}`,
    seoDescription:
      'Preview the trending broccoli haircut on your own photo with AI. Compare before and after and download the result.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'color-correction',
    name: 'Color Correction',
    description: 'Fix dull, tinted or badly exposed photos with balanced colour, contrast and white balance.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'sun',
    seoTitle: `AI Photo Color Correction${SEO_SUFFIX}`,
    seoDescription:
      'Correct colour casts, exposure and contrast automatically. Upload a photo and compare the corrected version side by side.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'expression-change',
    name: 'Expression Change',
    description:
      'Change the facial expression in a portrait: happy, sad, angry, surprised or anything you type.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'laugh',
    seoTitle: `AI Facial Expression Changer${SEO_SUFFIX}`,
    seoDescription:
      'Make a face smile, frown or look surprised with AI. Upload a clear portrait, type an expression and compare before and after.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'upscale',
    name: 'Upscale',
    description: 'Make a picture two or four times larger, from an upload or one of your images.',
    cost: 5,
    category: 'Create with AI',
    family: 'image',
    icon: 'maximize',
    seoTitle: `Image Upscaler${SEO_SUFFIX}`,
    seoDescription:
      'Enlarge any PNG, JPG or WebP picture 2× or 4×, or one from your gallery. The result is saved to your gallery.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'edit-image',
    name: 'Edit a Region',
    description: 'Paint over part of a picture and describe what should be there instead.',
    cost: 20,
    category: 'Create with AI',
    family: 'image',
    icon: 'brush',
    seoTitle: `AI Image Editor: Edit a Region${SEO_SUFFIX}`,
    seoDescription:
      'Paint a mask over the part of a picture to change, describe the new content and let AI fill it in. Works with uploads and your gallery images.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: true,
    guest: false,
  },
  {
    id: 'text-to-speech',
    name: 'Text to Speech',
    description: 'Turn text into natural speech with lifelike voices and download it as MP3.',
    cost: 30,
    category: 'AI Voice',
    family: 'voice',
    icon: 'volume',
    seoTitle: `AI Text to Speech${SEO_SUFFIX}`,
    seoDescription:
      'Convert up to 2,000 characters of text into natural-sounding speech. Choose a voice, listen in the browser and download MP3.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'speech-to-speech',
    name: 'Speech to Speech',
    description: 'Re-voice a recording in another voice while keeping its timing and emotion.',
    cost: 5,
    category: 'AI Voice',
    family: 'voice',
    icon: 'mic',
    seoTitle: `AI Speech to Speech Voice Changer${SEO_SUFFIX}`,
    seoDescription:
      'Transform a voice recording into a different voice while keeping the delivery, pacing and emotion of the original.',
    dashboardVisible: true,
    // Not among the tool paths of docs/product-rules.md#screens; issue 14 adds its screen (record or upload, then
    // re-voice).
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'sound-effects',
    name: 'Sound Effects Generator',
    description: 'Describe a sound and get a studio-quality effect in seconds, ready to download.',
    cost: 10,
    category: 'AI Voice',
    family: 'voice',
    icon: 'music',
    seoTitle: `AI Sound Effects Generator${SEO_SUFFIX}`,
    seoDescription:
      'Create sound effects from a text description: footsteps, rain, explosions, UI sounds and more. MP3 at 44.1 kHz, typically 2 to 10 seconds.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'voice-isolator',
    name: 'Voice Isolator',
    description: 'Remove background noise and music from a recording and keep a clean voice track.',
    cost: 20,
    category: 'AI Voice',
    family: 'voice',
    icon: 'audio-lines',
    seoTitle: `AI Voice Isolator${SEO_SUFFIX}`,
    seoDescription:
      'Upload an audio file up to 5MB and isolate the voice from background noise, music and room echo. Download the clean track as MP3.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    // Ours (issue 39, docs/product-rules.md#dictation): not a page of its own but the microphone in every chat
    // message box; a catalogue entry so credits prices it (1 credit per started minute) and the ledger names it.
    id: 'transcribe',
    name: 'Dictation',
    description: 'Speak instead of typing: a recording turned into text in any chat message box.',
    cost: 1,
    costOptions: { perStartedMinute: true },
    category: 'AI Voice',
    family: 'voice',
    icon: 'mic',
    seoTitle: `AI Dictation${SEO_SUFFIX}`,
    seoDescription:
      'Dictate chat messages: record in the browser and get the text in the message box, one credit per started minute.',
    dashboardVisible: false,
    hasPage: false,
    hubListed: false,
    guest: false,
  },
  {
    id: 'youtube-summarizer',
    name: 'YouTube Summarizer',
    description: 'Paste a YouTube link and get the key points of the video in a short summary.',
    cost: 4,
    // Ours (docs/product-rules.md#youtube-ask): a question about a summarized video costs 2, like a web chat
    // follow-up, shown next to Ask.
    costOptions: { followUp: 2 },
    category: 'Other Tools',
    family: 'youtube',
    icon: 'youtube',
    seoTitle: `YouTube Video Summarizer${SEO_SUFFIX}`,
    seoDescription:
      'Summarize any YouTube video from its link. See the title and duration and read the key points in seconds instead of watching the whole video.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: false,
  },
  {
    id: 'youtube-thumbnail-downloader',
    name: 'YouTube Thumbnail Downloader',
    description: 'Download the thumbnail of any YouTube video in every available resolution, free.',
    cost: 0,
    category: 'Other Tools',
    family: 'youtube',
    icon: 'download',
    seoTitle: `YouTube Thumbnail Downloader${SEO_SUFFIX}`,
    seoDescription:
      'Get YouTube thumbnails in HD, high, medium and standard resolution from a video or Shorts link. Preview full size and download for free.',
    dashboardVisible: true,
    hasPage: true,
    hubListed: false,
    guest: true,
  },
] as const satisfies readonly Tool[];

export const TOOLS: readonly Tool[] = CATALOGUE;

/** The tools guests may use: their endpoints' access is `guest`, every other tool's is `member`. */
export type GuestToolId = Extract<(typeof CATALOGUE)[number], { guest: true }>['id'];

const TOOLS_BY_ID: ReadonlyMap<string, Tool> = new Map(TOOLS.map((tool) => [tool.id, tool]));

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && TOOLS_BY_ID.has(value);
}

export function getTool(id: ToolId): Tool;
export function getTool(id: string): Tool | undefined;
export function getTool(id: string): Tool | undefined {
  return TOOLS_BY_ID.get(id);
}

export interface ToolCostOptions {
  webSearch?: boolean;
  /** A follow-up message of a tool that has a follow-up price (web chat, a question about a summarized video). */
  followUp?: boolean;
  /** Started minutes of audio, for a tool priced per started minute (dictation); 1 when absent. */
  minutes?: number;
}

/** Credits one use costs, options included (chat agent: 2, or 7 with web search; web chat: 6 to start, 2 after). */
export function toolCost(id: ToolId, options?: ToolCostOptions): number {
  const tool = getTool(id);
  const base = options?.followUp ? (tool.costOptions?.followUp ?? tool.cost) : tool.cost;
  const webSearchExtra = options?.webSearch ? (tool.costOptions?.webSearch ?? 0) : 0;
  const units = tool.costOptions?.perStartedMinute ? Math.max(1, options?.minutes ?? 1) : 1;
  return base * units + webSearchExtra;
}

export function toolsInCategory(category: ToolCategory): Tool[] {
  return TOOLS.filter((tool) => tool.category === category);
}

/** The seven photo effects, in hub order. */
export const PHOTO_EFFECT_TOOL_IDS = [
  'age-progression',
  'baby-version',
  'background-change',
  'cartoonify',
  'broccoli-haircut',
  'color-correction',
  'expression-change',
] as const satisfies readonly ToolId[];
export const PhotoEffectToolIdSchema = z.enum(PHOTO_EFFECT_TOOL_IDS);
export type PhotoEffectToolId = z.infer<typeof PhotoEffectToolIdSchema>;

/** The tools whose results are stored in the hub gallery (generated_images): the effects, Upscale, Edit a region. */
export const GENERATED_IMAGE_TOOL_IDS = [
  ...PHOTO_EFFECT_TOOL_IDS,
  'upscale',
  'edit-image',
] as const satisfies readonly ToolId[];
export const GeneratedImageToolIdSchema = z.enum(GENERATED_IMAGE_TOOL_IDS);
export type GeneratedImageToolId = z.infer<typeof GeneratedImageToolIdSchema>;

/** Path of a tool's page in the shell. */
export function toolPath(id: ToolId): string {
  return `/tools/${id}`;
}
