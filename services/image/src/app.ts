// The image service's Koa app, built from its dependencies so tests run the real routes over HTTP. One router per
// resource (text to image, stored files, boards, status; the photo effects add theirs), each made by createXRouter(deps).
import {
  createServiceHttpApp,
  type HttpApp,
  type CreationAnnouncer,
  type ServiceApp,
  type StoringToolAppDeps,
  type WorkPool,
  createWorkPool,
} from '@act/service-kit';
import { createBoardStore } from './db/board-store';
import { createBoardsRouter } from './routes/boards.routes';
import { createImageStore } from './db/image-store';
import { createGeneratedImageStore } from './db/generated-image-store';
import { createPhotoEffects, LOCAL_POOL } from './domain/photo-effects';
import { createEffectsRouter } from './routes/effects.routes';
import type { FalEffects } from './providers/fal-effects';
import type { LocalEffectId } from './providers/local-effects';
import { createTextToImage } from './domain/text-to-image';
import type { FalImageTools } from './providers/fal-image-tools';
import { createImageTools } from './domain/image-tools';
import { createImageToolsRouter } from './routes/image-tools.routes';
import type { ImageProvider } from './providers/types';
import { createFilesRouter } from './routes/files.routes';
import { createStatusRouter } from './routes/status.routes';
import { createTextToImageRouter } from './routes/text-to-image.routes';

/** `files`: the object store the images and thumbnails are kept in (service 'image'). */
export interface ImageAppDeps extends StoringToolAppDeps {
  /** Announces stored and deleted results to the member's library (domain/creations.ts). */
  creations: CreationAnnouncer;
  /** Absent without FAL_KEY: text to image says so (status, 503) and reserves nothing. */
  provider: ImageProvider | undefined;
  /** The photo effects through fal; absent without FAL_KEY (color correction and cartoonify then run locally). */
  falEffects?: FalEffects | undefined;
  /** Upscale and Edit a region through fal; absent without FAL_KEY (Upscale then runs locally, Edit answers 503). */
  falImageTools?: FalImageTools | undefined;
  /** IMAGE_LOCAL_EFFECTS: effects done with sharp even with a key. */
  localEffects?: readonly LocalEffectId[];
  /** Where the local effects and the standard upscale run; the effects' LOCAL_POOL when absent (tests pass a smaller one). */
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
    creations: deps.creations,
    provider: deps.provider,
    logger,
    timeoutMs: deps.generationTimeoutMs,
  });
  const generatedImages = createGeneratedImageStore(deps.sql);
  // One pool for all local image work: it bounds the cores and memory the replica gives to it.
  const localPool = deps.localEffectsPool ?? createWorkPool(LOCAL_POOL);
  const effects = createPhotoEffects({
    store: generatedImages,
    files: deps.files,
    credits: deps.credits,
    outbox: deps.outbox,
    creations: deps.creations,
    fal: deps.falEffects,
    logger,
    timeoutMs: deps.generationTimeoutMs,
    ...(deps.localEffects ? { localAlways: deps.localEffects } : {}),
    localPool,
  });
  const imageTools = createImageTools({
    sources: { images: store, generated: generatedImages, files: deps.files },
    store: generatedImages,
    files: deps.files,
    credits: deps.credits,
    outbox: deps.outbox,
    creations: deps.creations,
    logger,
    timeoutMs: deps.generationTimeoutMs,
    fal: deps.falImageTools,
    pool: localPool,
  });
  const app = createServiceHttpApp('image', deps, [
    createTextToImageRouter({
      verifier: deps.verifier,
      store,
      files: deps.files,
      textToImage,
      deletes: deps,
    }),
    createFilesRouter(deps.files),
    createEffectsRouter({ verifier: deps.verifier, store: generatedImages, files: deps.files, effects }),
    createImageToolsRouter({ verifier: deps.verifier, tools: imageTools }),
    createBoardsRouter({ verifier: deps.verifier, boards: createBoardStore(deps.sql), files: deps.files }),
    createStatusRouter({
      textToImage: textToImage.available,
      effects: () => effects.availability(),
      tools: () => imageTools.status(),
    }),
  ]);
  const drains = [textToImage, effects, imageTools];
  return { app, drain: async () => void (await Promise.all(drains.map((part) => part.drain()))) };
}
