// Upscale and Edit a region through fal's queue (the same connection as text to image and the effects). Upscale sends
// the picture and the factor to an upscaling model (`fal-ai/esrgan`: `image_url`, `scale`); Edit a region sends the
// picture, the painted mask and the member's words to an inpainting model (`fal-ai/flux-pro/v1/fill`: `image_url`,
// `mask_url`, `prompt`), white in the mask being what may change. Both go as data URIs (fal's client passes them
// through). Each endpoint can be replaced by env: FAL_TOOL_UPSCALE, FAL_TOOL_EDIT_IMAGE.
import { observeProvider, serviceMetrics } from '@act/service-kit';
import { openImage } from '@act/service-kit/media';
import { falEndpointEnvName, falEndpointsFromEnv } from './fal-endpoints';
import { falError, type FalConnection } from './fal-provider';

export const FAL_TOOL_IDS = ['upscale', 'edit-image'] as const;
export type FalToolId = (typeof FAL_TOOL_IDS)[number];

export const FAL_TOOLS: Readonly<Record<FalToolId, { endpoint: string }>> = {
  upscale: { endpoint: 'fal-ai/esrgan' },
  'edit-image': { endpoint: 'fal-ai/flux-pro/v1/fill' },
};

export const FAL_TOOL_ENV_PREFIX = 'FAL_TOOL_';

export function falToolEnvName(id: FalToolId): string {
  return falEndpointEnvName(FAL_TOOL_ENV_PREFIX, id);
}

export function falToolsFromEnv(
  env: Record<string, string | undefined>,
): Readonly<Record<FalToolId, { endpoint: string }>> {
  return falEndpointsFromEnv(FAL_TOOL_ENV_PREFIX, FAL_TOOLS, FAL_TOOL_IDS, env);
}

/** A picture as a lossless data URI (the mask's edges and the upscaler's input stay exact). */
async function pngDataUri(bytes: Buffer): Promise<string> {
  const png = await openImage(bytes).rotate().png({ compressionLevel: 3 }).toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export interface FalImageTools {
  /** The enlarged picture's file as fal made it. */
  upscale(request: { bytes: Buffer; scale: number }, options: { signal: AbortSignal }): Promise<Buffer>;
  /** The picture with the masked region repainted from `prompt`. */
  inpaint(
    request: { bytes: Buffer; mask: Buffer; prompt: string },
    options: { signal: AbortSignal },
  ): Promise<Buffer>;
}

interface FalImageOutput {
  images?: Array<{ url?: unknown }>;
  image?: { url?: unknown };
}

export interface FalImageToolsOptions {
  connection: FalConnection;
  tools: Readonly<Record<FalToolId, { endpoint: string }>>;
  pollIntervalMs?: number;
}

export function createFalImageTools({
  connection,
  tools,
  pollIntervalMs = 500,
}: FalImageToolsOptions): FalImageTools {
  async function run(tool: FalToolId, input: Record<string, unknown>, signal: AbortSignal) {
    const output = (await connection.run(tools[tool].endpoint, input, {
      what: tool,
      signal,
      pollIntervalMs,
    })) as FalImageOutput;
    // Upscalers answer `image`, the image models `images`.
    const location = output.image?.url ?? output.images?.[0]?.url;
    if (typeof location !== 'string') throw falError('result without an image');
    return connection.download(location, signal);
  }
  const adapter: FalImageTools = {
    async upscale({ bytes, scale }, { signal }) {
      return run('upscale', { image_url: await pngDataUri(bytes), scale, output_format: 'png' }, signal);
    },
    async inpaint({ bytes, mask, prompt }, { signal }) {
      const input = {
        image_url: await pngDataUri(bytes),
        mask_url: await pngDataUri(mask),
        prompt,
        num_images: 1,
        output_format: 'png',
        enable_safety_checker: true,
      };
      return run('edit-image', input, signal);
    },
  };
  // Each call is counted on the image service's /metrics (provider fal, operation: the tool id).
  return observeProvider(adapter, {
    metrics: serviceMetrics('image'),
    provider: 'fal',
    operations: { upscale: 'upscale', inpaint: 'edit-image' },
  });
}
