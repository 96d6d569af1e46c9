// The provider seam of the prompt service: what every prompt provider (OpenAI-compatible API or the local one) does.
import type { AnalysisTask, CameraMotion, Language, VideoStyle } from '@act/contracts';
import type { ImageInput } from '@act/service-kit/media';

export interface DescribeImageInput {
  image: ImageInput;
  language: Language;
  tasks: readonly AnalysisTask[];
}

export interface VideoPromptInput {
  image: ImageInput;
  language: Language;
  cameraMotion: CameraMotion;
  videoStyle: VideoStyle;
  actionDescription: string;
}

/** Whom the work is for, and when to stop it. */
export interface WorkOrigin {
  /** The local provider shares its workers between callers by this key (one member, one IP). */
  callerKey: string;
  /** Aborted when nobody waits for the result any more (the client hung up): the provider stops its call. */
  signal?: AbortSignal;
}

export type ProviderName = 'openai' | 'local';

export interface PromptProvider {
  readonly name: ProviderName;
  /** image-to-prompt: a prompt an image model could use to recreate the picture. */
  imageToPrompt(image: ImageInput, origin: WorkOrigin): Promise<string>;
  /** magic-enhance: a richer version of the user's prompt. */
  enhancePrompt(text: string, origin: WorkOrigin): Promise<string>;
  /** ai-describe-image: a description covering the chosen analysis tasks, in the chosen language. */
  describeImage(input: DescribeImageInput, origin: WorkOrigin): Promise<string>;
  /** image-to-video-prompt: a prompt for an image-to-video model that animates the picture. */
  videoPrompt(input: VideoPromptInput, origin: WorkOrigin): Promise<string>;
  /**
   * Throws (503) when the provider could not take this caller's image work now (the local provider's queue is full);
   * called before credits are reserved, so a refusal costs no reserve. Remote providers always accept.
   */
  admit(origin: WorkOrigin): void;
  /** Releases workers and sockets (OCR workers of the local provider). */
  close(): Promise<void>;
}

/** Thrown by providers when the upstream model fails, times out or answers nothing usable: the kit's one type. */
export { ProviderError } from '@act/service-kit';
