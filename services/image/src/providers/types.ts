// What the text-to-image domain needs from an image provider: one generation, with its progress reported as it
// happens, stopped by a signal.
import type { AspectRatioOption, ImageModelId } from '@act/contracts';

export interface GenerationRequest {
  model: ImageModelId;
  /** The member's prompt with the chosen style's words added. */
  prompt: string;
  negativePrompt?: string;
  aspect: AspectRatioOption;
  seed: number;
  /** Images asked for (1 to 4, one seed); the provider may return fewer. */
  numImages?: number;
}

/** Where the request stands at the provider (fal's queue statuses). */
export interface GenerationProgress {
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  queuePosition?: number;
  /** Only when the provider reports one. */
  percentage?: number;
}

export interface GeneratedImage {
  /**
   * The provider's image files as they came (any of PNG, JPEG, WebP), at least one and at most the number asked for;
   * the domain converts and sizes them.
   */
  images: Buffer[];
  /** The seed the provider used (ours when it reports none). */
  seed: number;
}

export interface ImageProvider {
  readonly name: string;
  generate(
    request: GenerationRequest,
    options: { signal: AbortSignal; onProgress?: (progress: GenerationProgress) => void },
  ): Promise<GeneratedImage>;
}
