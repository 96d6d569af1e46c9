// HTTP edges of text to image (docs/product-rules.md#endpoints), mounted from their contracts definitions: generate
// (members, 20 credits; JSON, or with Accept: text/event-stream progress events then `done`), the member's gallery
// (cursor pages, search, model and favourite filters), favourite and delete. Every id names one of the caller's own
// images; anyone else's answers 404 like an unknown one.
import {
  ERROR_TEXTS,
  IMAGE_ENDPOINTS,
  type TextToImageProgressEvent,
  type TextToImageStreamEvent,
} from '@act/contracts';
import {
  Router,
  mountEndpoint,
  isAppError,
  openEventStream,
  userOf,
  wantsEventStream,
  type JwtVerifier,
  type Logger,
} from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { Context } from 'koa';
import type { ImageStore } from '../db/image-store';
import { galleryImageOf, type TextToImage } from '../domain/text-to-image';

export interface TextToImageRoutesDeps {
  verifier: JwtVerifier;
  store: ImageStore;
  files: ObjectStore;
  textToImage: TextToImage;
  logger: Logger;
}

function userIdOf(ctx: Context): string {
  const user = userOf(ctx);
  if (!user) throw new Error('a member endpoint without a member');
  return user.userId;
}

export function createTextToImageRouter({
  verifier,
  store,
  files,
  textToImage,
  logger,
}: TextToImageRoutesDeps): Router {
  const router = new Router();
  const E = IMAGE_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.generateImage, options, async (input, ctx) => {
    const userId = userIdOf(ctx);
    // Refusals before any work (no provider key, insufficient credits) are plain JSON errors with nothing held.
    const charge = await textToImage.reserve(userId);
    if (!wantsEventStream(ctx)) {
      return textToImage.generate(charge, userId, input);
    }
    const stream = openEventStream(ctx);
    const send = (event: TextToImageStreamEvent) => stream.send(event);
    let last: string | undefined;
    const progress = (p: Omit<TextToImageProgressEvent, 'type'>) => {
      // Polls repeat the same status; only changes go out.
      const key = JSON.stringify(p);
      if (key !== last) send({ type: 'progress', ...p });
      last = key;
    };
    try {
      const result = await textToImage.generate(charge, userId, input, progress);
      send({ type: 'done', ...result });
    } catch (error) {
      const known = isAppError(error);
      if (!known) logger.error({ err: error }, 'text to image failed');
      const balance = known ? error.details.remainingCredits : undefined;
      send({
        type: 'error',
        error: known ? error.message : ERROR_TEXTS.ui.generateImageRetry,
        code: known ? error.code : 'INTERNAL',
        ...(typeof balance === 'number' ? { remainingCredits: balance } : {}),
      });
    }
    stream.end();
    return undefined;
  });

  mountEndpoint(router, E.images, options, async (query, ctx) => {
    const page = await store.list(userIdOf(ctx), {
      limit: query.limit,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.q ? { q: query.q } : {}),
      ...(query.model ? { model: query.model } : {}),
      ...(query.favourites ? { favourites: true } : {}),
    });
    return {
      images: page.items.map((record) => galleryImageOf(files, record)),
      next_cursor: page.nextCursor,
    };
  });

  mountEndpoint(router, E.updateImage, options, async (input, ctx, { id }) => {
    const record = await store.setFavourite(userIdOf(ctx), id, input.favourite);
    return { image: galleryImageOf(files, record) };
  });

  mountEndpoint(router, E.deleteImage, options, async (_input, ctx, { id }) => {
    const record = await store.delete(userIdOf(ctx), id);
    // The row is gone first (the gallery no longer shows it); its objects follow. A failure here leaves objects no
    // row names, which no signed URL can be minted for again; it is logged for cleanup.
    await files
      .delete([record.image_key, record.thumbnail_key])
      .catch((err: unknown) => logger.error({ err, id }, 'could not delete the objects of a deleted image'));
    return {};
  });

  return router;
}
