// Upscale (5 credits) and Edit a region (20 credits), members only (docs/product-rules.md#upscale, #edit-a-region).
// Every refusal comes before the hold, so it costs nothing: Edit without a provider key (503, before the picture is
// even read), the picture (an upload checked like every image upload, or one of the member's own images; anyone
// else's is a 404), Upscale's result over the pixel cap of uploads (400), Edit's mask (an image, the picture's size,
// not empty), text PostgreSQL cannot store, a local queue already full (503). Then runStoredTool holds, runs and
// stores. Upscale runs with sharp here without FAL_KEY ("standard upscale") and with fal's upscaler with one.
import {
  ERROR_TEXTS,
  ErrorCode,
  getTool,
  LIMITS,
  type EditImageRequest,
  type PhotoEffectReply,
  type UpscaleMethod,
  type UpscaleReply,
  type UpscaleRequest,
  type ApiKeyCharge,
} from '@act/contracts';
import { AppError, assertStorableText, createInFlight, type WorkPool } from '@act/service-kit';
import { openImage, readImageDataUrl, uprightImage, type ImageInput } from '@act/service-kit/media';
import { toResultJpeg, type StoreResultDeps } from './stored-result';
import type { FalImageTools } from '../providers/fal-image-tools';
import { createLocalUpscaler } from '../providers/local-upscale';
import { readSourceImage, type SourceStores } from './source-image';
import { runStoredTool, type StoredToolDeps } from './stored-tool';

const I = ERROR_TEXTS.image;

export interface ImageToolsDeps extends Omit<StoredToolDeps, 'inFlight' | 'store'>, StoreResultDeps {
  sources: SourceStores;
  /** Absent without FAL_KEY: Upscale runs locally and Edit a region answers 503. */
  fal: FalImageTools | undefined;
  /** The effects' local pool (the same cores). */
  pool: WorkPool;
}

export interface ImageTools {
  /** How Upscale enlarges here, and whether Edit a region can run. */
  status(): { upscale: UpscaleMethod; editImage: boolean };
  upscale(
    userId: string,
    request: UpscaleRequest,
    requestId?: string,
    apiKey?: ApiKeyCharge,
  ): Promise<Omit<UpscaleReply, 'success'>>;
  edit(
    userId: string,
    request: EditImageRequest,
    requestId?: string,
    apiKey?: ApiKeyCharge,
  ): Promise<Omit<PhotoEffectReply, 'success'>>;
  drain(): Promise<void>;
}

function refuse(text: string, field: string): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, text, { details: { field } });
}

/** The mask as a black-and-white PNG (white: may change) of the picture's size; refused when it is not one. */
async function readMask(dataUrl: string, picture: ImageInput): Promise<Buffer> {
  const mask = await uprightImage(
    await readImageDataUrl(dataUrl, { field: 'mask', invalidText: I.editMaskInvalid }),
  );
  if (mask.width !== picture.width || mask.height !== picture.height) {
    const size = (image: ImageInput) => `${image.width}×${image.height} px`;
    throw refuse(I.editMaskSizeMismatch(size(mask), size(picture)), 'mask');
  }
  // Transparent counts as kept (a canvas export), then anything at least mid-grey as painted.
  const bw = await openImage(mask.bytes)
    .rotate()
    .flatten({ background: '#000000' })
    .greyscale()
    .threshold(128)
    .png()
    .toBuffer();
  const { channels } = await openImage(bw).stats();
  if ((channels[0]?.max ?? 0) === 0) throw refuse(I.editMaskEmpty, 'mask');
  return bw;
}

export function createImageTools(deps: ImageToolsDeps): ImageTools {
  const { fal } = deps;
  const inFlight = createInFlight();
  const runDeps: StoredToolDeps = { ...deps, inFlight };
  const localUpscaler = createLocalUpscaler(deps.pool);
  const method: UpscaleMethod = fal ? 'model' : 'standard';

  return {
    status: () => ({ upscale: method, editImage: fal !== undefined }),

    async upscale(userId, { image, from, scale }, requestId, apiKey) {
      const input = await readSourceImage(deps.sources, userId, { image, from });
      const width = input.width * scale;
      const height = input.height * scale;
      // The upload cap applies to what would be stored: refused before the hold and before any pixel is enlarged.
      if (width * height > LIMITS.imagePixels) throw refuse(I.upscaleTooLarge(scale), 'scale');
      if (!fal) deps.pool.admit(userId);
      const reply = await runStoredTool(runDeps, {
        userId,
        tool: 'upscale',
        requestId,
        apiKey,
        positivePrompt: `${getTool('upscale').name} ${scale}×`,
        input,
        failedText: I.upscaleFailed,
        work: async (signal) =>
          fal
            ? toResultJpeg(await fal.upscale({ bytes: input.bytes, scale }, { signal }), width, height)
            : localUpscaler.run(userId, input.bytes, scale),
      });
      return { ...reply, method };
    },

    async edit(userId, { image, from, mask, prompt }, requestId, apiKey) {
      if (!fal) throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, I.editNeedsProviderKey);
      assertStorableText(prompt);
      const input = await readSourceImage(deps.sources, userId, { image, from });
      const maskBytes = await readMask(mask, input);
      return runStoredTool(runDeps, {
        userId,
        tool: 'edit-image',
        requestId,
        apiKey,
        positivePrompt: prompt,
        input,
        failedText: I.editFailed,
        work: async (signal) =>
          toResultJpeg(
            await fal.inpaint({ bytes: input.bytes, mask: maskBytes, prompt }, { signal }),
            input.width,
            input.height,
          ),
      });
    },

    drain: () => inFlight.drain(),
  };
}
