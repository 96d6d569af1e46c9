// Builds the image service's providers from configuration: with FAL_KEY, fal for text to image, the photo effects and
// Upscale / Edit a region (one connection for the last two); without it none, and the app says so per tool (text to
// image, Edit a region and the effects that need a model answer 503; color correction, cartoonify and a standard
// upscale run locally with sharp).
import type { ProviderContext } from '@act/service-kit';
import { falEffectsOf, falModelsOf, falToolsOf, type ImageConfig } from '../config';
import { createFalEffects, type FalEffects } from './fal-effects';
import { createFalImageTools, type FalImageTools } from './fal-image-tools';
import { createFalConnection, createFalProvider } from './fal-provider';
import type { ImageProvider } from './types';

/** What the app takes from the providers step (ImageAppDeps): each absent without FAL_KEY. */
export interface ImageProviders {
  provider: ImageProvider | undefined;
  falEffects: FalEffects | undefined;
  falImageTools: FalImageTools | undefined;
}

export function providersOf({ config, logger }: ProviderContext<ImageConfig>): ImageProviders {
  if (!config.FAL_KEY) {
    logger.warn(
      'no FAL_KEY: text to image, edit a region and the photo effects that need a model answer 503 until a provider key is configured (color correction, cartoonify and a standard upscale run locally)',
    );
    return { provider: undefined, falEffects: undefined, falImageTools: undefined };
  }
  const reach = { apiKey: config.FAL_KEY, ...(config.FAL_BASE_URL ? { baseUrl: config.FAL_BASE_URL } : {}) };
  const pollIntervalMs = config.FAL_POLL_INTERVAL_MS;
  const connection = createFalConnection(reach);
  return {
    provider: createFalProvider({ ...reach, models: falModelsOf(config), pollIntervalMs }),
    falEffects: createFalEffects({ connection, effects: falEffectsOf(config), pollIntervalMs }),
    falImageTools: createFalImageTools({ connection, tools: falToolsOf(config), pollIntervalMs }),
  };
}
