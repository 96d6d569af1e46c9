// The image service's Koa app, built from its dependencies so tests run the real routes over HTTP. One router per
// resource (text to image, stored files, boards, status; the photo effects add theirs), each made by createXRouter(deps).
import {
  createServiceHttpApp,
  type HttpApp,
  type ServiceApp,
  type StoringToolAppDeps,
  type WorkPool,
} from '@act/service-kit';
import { createBoardStore } from './boards/board-store';
import { createBoardsRouter } from './boards/boards.routes';
import { createImageStore } from './db/image-store';
import { createGeneratedImageStore, createPhotoEffects } from './effects/effects';
import { createEffectsRouter } from './effects/effects.routes';
import type { FalEffects } from './effects/fal-effects';
import type { LocalEffectId } from './effects/local-effects';
import { createTextToImage } from './domain/text-to-image';
import type { ImageProvider } from './providers/types';
import { createFilesRouter } from './routes/files.routes';
import { createStatusRouter } from './routes/status.routes';
import { createTextToImageRouter } from './routes/text-to-image.routes';

/** `files`: the object store the images and thumbnails are kept in (service 'image'). */
export interface ImageAppDeps extends StoringToolAppDeps {
  /** Absent without FAL_KEY: text to image says so (status, 503) and reserves nothing. */
  provider: ImageProvider | undefined;
  /** The photo effects through fal; absent without FAL_KEY (color correction and cartoonify then run locally). */
  falEffects?: FalEffects | undefined;
  /** IMAGE_LOCAL_EFFECTS: effects done with sharp even with a key. */
  localEffects?: readonly LocalEffectId[];
  /** Where the local effects run; the effects' LOCAL_POOL when absent (tests pass a smaller one). */
  localEffectsPool?: WorkPool;
  /** FAL_TIMEOUT_MS. */
  generationTimeoutMs: number;
}

export interface ImageApp extends ServiceApp {
  app: HttpApp;
  /** Waits for the generations in flight (those whose member closed the tab too) to be stored and settled. */
  drain(): Promise<void>;
}

export function createApp(deps: ImageAppDeps): ImageApp {
  const { logger } = deps;
  const store = createImageStore(deps.sql);
  const textToImage = createTextToImage({
    store,
    files: deps.files,
    credits: deps.credits,
    outbox: deps.outbox,
    provider: deps.provider,
    logger,
    timeoutMs: deps.generationTimeoutMs,
  });
  const generatedImages = createGeneratedImageStore(deps.sql);
  const effects = createPhotoEffects({
    store: generatedImages,
    files: deps.files,
    credits: deps.credits,
    outbox: deps.outbox,
    fal: deps.falEffects,
    logger,
    timeoutMs: deps.generationTimeoutMs,
    ...(deps.localEffects ? { localAlways: deps.localEffects } : {}),
    ...(deps.localEffectsPool ? { localPool: deps.localEffectsPool } : {}),
  });
  const app = createServiceHttpApp('image', deps, [
    createTextToImageRouter({ verifier: deps.verifier, store, files: deps.files, textToImage, logger }),
    createFilesRouter(deps.files),
    createEffectsRouter({ verifier: deps.verifier, store: generatedImages, files: deps.files, effects }),
    createBoardsRouter({ verifier: deps.verifier, boards: createBoardStore(deps.sql), files: deps.files }),
    createStatusRouter({ textToImage: textToImage.available, effects: () => effects.availability() }),
  ]);
  return { app, drain: async () => void (await Promise.all([textToImage.drain(), effects.drain()])) };
}
