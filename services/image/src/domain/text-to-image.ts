// Text to image as a charged tool (20 credits an image, 1 to 4 per run, members only): one hold per image is taken
// before fal is asked (docs/charges.md#several-images-per-run), fal's queue is followed with its progress, each image
// that came back is converted to the format asked for at the exact size of the chosen aspect ratio and stored with its
// thumbnail, and the rows and the commits of as many holds are written in one transaction (outbox); the holds of
// images fal did not return are released. A failure, a refusal or the time limit releases every hold; nothing is
// charged without a stored image. A generation is not tied to the member's connection: closing the tab lets it finish
// into the gallery (and be charged once).
import { randomInt } from 'node:crypto';
import {
  ASPECT_RATIOS,
  ERROR_TEXTS,
  ErrorCode,
  LIMITS,
  textToImageDownloadName,
  type GalleryImage,
  type ImageFormat,
  type ImageStyle,
  type TextToImageRequest,
  type ApiKeyCharge,
} from '@act/contracts';
import {
  assertStorableText,
  createInFlight,
  AppError,
  isAppError,
  type Charge,
  type CreationAnnouncer,
  type CreditsClient,
  type Logger,
  type Outbox,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { ImageRecord, ImageStore } from '../db/image-store';
import type { GenerationProgress, ImageProvider } from '../providers/types';
import { reserveCharges, runCharges } from './run-charges';
import { textToImageCreation } from './creations';
import { convertAll, storeImages } from './run-images';

/** Words added to the prompt for each style (none adds nothing). */
export const STYLE_PROMPTS: Readonly<Record<ImageStyle, string>> = {
  none: '',
  photorealistic: 'photorealistic, natural lighting, highly detailed photograph',
  cinematic: 'cinematic film still, dramatic lighting, shallow depth of field',
  anime: 'anime style illustration, clean line art, vibrant colours',
  '3d-model': '3D render, physically based materials, studio lighting',
  'digital-art': 'digital art, detailed illustration',
  'fantasy-art': 'fantasy art, epic, painterly, magical atmosphere',
  watercolor: 'watercolor painting, soft washes of colour on paper',
  'charcoal-sketch': 'charcoal sketch, monochrome, expressive strokes on paper',
  'line-art': 'line art, clean black outlines on white, minimal shading',
  'comic-book': 'comic book style, bold ink outlines, halftone shading',
  'pixel-art': 'pixel art, 16-bit retro game style',
  abstract: 'abstract art, bold shapes and colours',
};

export function styledPrompt(prompt: string, style: ImageStyle | undefined): string {
  const words = style ? STYLE_PROMPTS[style] : '';
  return words ? `${prompt}, ${words}` : prompt;
}

/** One image as the member's gallery shows it, with URLs signed for this reply. */
export function galleryImageOf(files: ObjectStore, record: ImageRecord): GalleryImage {
  return {
    id: record.id,
    image_path: files.signedUrl(record.image_key),
    thumbnail_path: files.signedUrl(record.thumbnail_key),
    download_path: files.signedUrl(record.image_key, {
      download: textToImageDownloadName(record.id, record.image_format),
    }),
    positive_prompt: record.positive_prompt,
    negative_prompt: record.negative_prompt,
    model_name: record.model_name,
    style: record.style,
    aspect_ratio: record.aspect_ratio,
    image_format: record.image_format,
    seed: record.seed,
    width: record.width,
    height: record.height,
    favourite: record.favourite,
    created_at: record.created_at.toISOString(),
  };
}

export interface StoredRunImage {
  id: string;
  imagePath: string;
  thumbnailPath: string;
  downloadPath: string;
  seed: number;
  width: number;
  height: number;
  imageFormat: ImageFormat;
}

/** The first image's fields (the spec's reply), every image of the run, and the balance after the refunds. */
export interface GeneratedResult extends StoredRunImage {
  images: StoredRunImage[];
  remainingCredits: number | null;
}

function runImageOf(files: ObjectStore, record: ImageRecord): StoredRunImage {
  const image = galleryImageOf(files, record);
  return {
    id: record.id,
    imagePath: image.image_path,
    thumbnailPath: image.thumbnail_path,
    downloadPath: image.download_path,
    seed: record.seed,
    width: record.width,
    height: record.height,
    imageFormat: record.image_format,
  };
}

export interface TextToImage {
  /** Whether a provider is configured. */
  readonly available: boolean;
  /**
   * Holds the credits of `numImages` images together (refusing first, with nothing held, when there is no provider
   * key); `requestId` is the HTTP request's id (EndpointCall.requestId), which the charges send to credits; `apiKey`
   * the call's personal API key.
   */
  reserve(userId: string, requestId?: string, numImages?: number, apiKey?: ApiKeyCharge): Promise<Charge[]>;
  /** Generates and stores the images under the held charges; settles them (commit with the rows, or release). */
  generate(
    charges: readonly Charge[],
    userId: string,
    input: TextToImageRequest,
    onProgress?: (progress: GenerationProgress) => void,
  ): Promise<GeneratedResult>;
  /** Resolves once every generation in flight has settled (a stopping replica waits for them). */
  drain(): Promise<void>;
}

export interface TextToImageDeps {
  store: ImageStore;
  files: ObjectStore;
  credits: CreditsClient;
  outbox: Outbox;
  /** Announces each stored image to the member's library (domain/creations.ts). */
  creations: CreationAnnouncer;
  provider: ImageProvider | undefined;
  logger: Logger;
  /** The longest one generation may wait on the provider (FAL_TIMEOUT_MS). */
  timeoutMs: number;
}

class GenerationTimeout extends Error {
  constructor(ms: number) {
    super(`image generation did not finish within ${ms} ms`);
    this.name = 'GenerationTimeout';
  }
}

export function createTextToImage(deps: TextToImageDeps): TextToImage {
  const { store, files, provider, logger } = deps;
  const inFlight = createInFlight();

  return {
    available: provider !== undefined,

    async reserve(userId, requestId, numImages = 1, apiKey) {
      if (!provider) {
        throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, ERROR_TEXTS.image.providerKeyMissing);
      }
      return reserveCharges(deps.credits, {
        tool: 'text-to-image',
        userId,
        count: numImages,
        httpRequestId: requestId,
        apiKey,
        insufficientText: ERROR_TEXTS.image.insufficientCreditsImages,
      });
    },

    async generate(charges, userId, input, onProgress) {
      if (!provider) throw new Error('generate without a provider');
      const aspect = ASPECT_RATIOS.find((a) => a.id === input.aspectRatio);
      if (!aspect) throw new Error(`unknown aspect ratio ${input.aspectRatio}`);
      const seed = input.seed ?? randomInt(0, LIMITS.seedMax + 1);
      const style = input.style && input.style !== 'none' ? input.style : undefined;
      const negativePrompt = input.negativePrompt ? input.negativePrompt : undefined;
      // The row is settled before fal is paid: only the provider's seed and the stored keys are added after it.
      const row = {
        user_id: userId,
        positive_prompt: input.prompt,
        negative_prompt: negativePrompt ?? null,
        model_name: input.model,
        style: style ?? null,
        aspect_ratio: input.aspectRatio,
        image_format: input.imageFormat,
        width: aspect.width,
        height: aspect.height,
      };

      const running = runCharges(charges, async ({ commitUsed }) => {
        // What the insert would refuse is refused before the paid call (mountEndpoint refuses it earlier still).
        assertStorableText(row);
        const timeout = new AbortController();
        const timer = setTimeout(() => timeout.abort(new GenerationTimeout(deps.timeoutMs)), deps.timeoutMs);
        let generated;
        try {
          generated = await provider.generate(
            {
              model: input.model,
              prompt: styledPrompt(input.prompt, style),
              ...(negativePrompt ? { negativePrompt } : {}),
              aspect,
              seed,
              numImages: charges.length,
            },
            { signal: timeout.signal, ...(onProgress ? { onProgress } : {}) },
          );
        } catch (error) {
          if (timeout.signal.aborted) {
            logger.warn({ model: input.model, timeoutMs: deps.timeoutMs }, 'image generation timed out');
            throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.image.generationTimedOut, {
              cause: error,
            });
          }
          if (isAppError(error)) throw error;
          logger.warn({ err: error, model: input.model }, 'image provider failed');
          throw new AppError(ErrorCode.PROVIDER_FAILED, ERROR_TEXTS.ui.generateImageRetry, { cause: error });
        } finally {
          clearTimeout(timer);
        }

        const made = await convertAll(generated.images.slice(0, charges.length), input, aspect, logger);

        // The images and their charges are written together: charged exactly for what the gallery has.
        return storeImages({ files, userId, logger, format: input.imageFormat }, made, (stored) =>
          store.transaction(async (tx) => {
            const records: ImageRecord[] = [];
            for (const { id, keys } of stored) {
              const record = await tx.insert({
                id,
                ...row,
                seed: generated.seed,
                image_key: keys[0]!.key,
                thumbnail_key: keys[1]!.key,
              });
              await tx.announce(deps.creations, textToImageCreation(record));
              records.push(record);
            }
            await commitUsed(stored.length, (charge) => tx.commitCharge(charge, deps.outbox));
            return records;
          }),
        );
      });
      const { result: records, remainingCredits } = await inFlight.track(running);
      const images = records.map((record) => runImageOf(files, record));
      return { ...images[0]!, images, remainingCredits };
    },

    drain: () => inFlight.drain(),
  };
}
