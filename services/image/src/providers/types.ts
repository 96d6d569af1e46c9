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
}

/** Where the request stands at the provider (fal's queue statuses). */
export interface GenerationProgress {
  status: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';
  queuePosition?: number;
  /** Only when the provider reports one. */
  percentage?: number;
}

export interface GeneratedImage {
  /** The provider's image file as it came (any of PNG, JPEG, WebP); the domain converts and sizes it. */
  bytes: Buffer;
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
