// HTTP edges of text to image (docs/product-rules.md#endpoints), mounted from their contracts definitions: generate
// (members, 20 credits an image, 1 to 4 a run; JSON, or with Accept: text/event-stream progress events then `done`), the member's gallery
// (cursor pages, search, model and favourite filters), favourite and delete. Every id names one of the caller's own
// images; anyone else's answers 404 like an unknown one.
import { ERROR_TEXTS, IMAGE_ENDPOINTS } from '@act/contracts';
import { Router, mountEndpoint, type JwtVerifier, type Logger } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { ImageStore } from '../db/image-store';
import { galleryImageOf, type TextToImage } from '../domain/text-to-image';

export interface TextToImageRoutesDeps {
  verifier: JwtVerifier;
  store: ImageStore;
  files: ObjectStore;
  textToImage: TextToImage;
  logger: Logger;
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

  mountEndpoint(
    router,
    E.generateImage,
    options,
    async (input, { caller: { userId, apiKey }, respond, requestId }) => {
      // Refusals before any work (no provider key, insufficient credits) are plain JSON errors with nothing held.
      const charges = await textToImage.reserve(userId, requestId, input.numImages ?? 1, apiKey);
      return respond({
        run: (emit) => {
          let last: string | undefined;
          return textToImage.generate(charges, userId, input, (progress) => {
            // Polls repeat the same status; only changes go out.
            const key = JSON.stringify(progress);
            if (key !== last) emit({ type: 'progress', ...progress });
            last = key;
          });
        },
        reply: (image) => image,
        failed: ERROR_TEXTS.ui.generateImageRetry,
      });
    },
  );

  mountEndpoint(router, E.images, options, async (query, { caller }) => {
    const page = await store.list(caller.userId, {
      limit: query.limit,
      ...(query.cursor ? { cursor: query.cursor } : {}),
      ...(query.q ? { q: query.q } : {}),
      ...(query.model ? { model: query.model } : {}),
      ...(query.favourites ? { favourites: true } : {}),
      ...(query.board ? { board: query.board } : {}),
    });
    return {
      images: page.items.map((record) => galleryImageOf(files, record)),
      nextCursor: page.nextCursor,
    };
  });

  mountEndpoint(router, E.updateImage, options, async (input, { caller, params: { id } }) => {
    const record = await store.setFavourite(caller.userId, id, input.favourite);
    return { image: galleryImageOf(files, record) };
  });

  mountEndpoint(router, E.deleteImage, options, async (_input, { caller, params: { id } }) => {
    const record = await store.delete(caller.userId, id);
    // The row is gone first (the gallery no longer shows it); its objects follow. A failure here leaves objects no
    // row names, which no signed URL can be minted for again; it is logged for cleanup.
    await files
      .delete([record.image_key, record.thumbnail_key])
      .catch((err: unknown) => logger.error({ err, id }, 'could not delete the objects of a deleted image'));
    return {};
  });

  return router;
}
