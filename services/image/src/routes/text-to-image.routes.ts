// HTTP edges of text to image (docs/product-rules.md#endpoints), mounted from their contracts definitions: generate
// (members, 20 credits an image, 1 to 4 a run; JSON, or with Accept: text/event-stream progress events then `done`), the member's gallery
// (cursor pages, search, model and favourite filters), favourite and delete. Every id names one of the caller's own
// images; anyone else's answers 404 like an unknown one.
import { ERROR_TEXTS, IMAGE_ENDPOINTS } from '@act/contracts';
import { Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { ImageStore } from '../db/image-store';
import { deleteImageResult, type DeleteImageDeps } from '../domain/creations';
import { galleryImageOf, type TextToImage } from '../domain/text-to-image';

export interface TextToImageRoutesDeps {
  verifier: JwtVerifier;
  store: ImageStore;
  files: ObjectStore;
  textToImage: TextToImage;
  /** What deleting an image needs (domain/creations.ts): the gallery's delete is the library's too. */
  deletes: DeleteImageDeps;
}

export function createTextToImageRouter({
  verifier,
  store,
  files,
  textToImage,
  deletes,
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

  // The library's `?open=<id>`: the member's own image, else 404 like one that never existed.
  mountEndpoint(router, E.image, options, async (_input, { caller, params: { id } }) => ({
    image: galleryImageOf(files, await store.find(caller.userId, id)),
  }));

  mountEndpoint(router, E.updateImage, options, async (input, { caller, params: { id } }) => {
    const record = await store.setFavourite(caller.userId, id, input.favourite);
    return { image: galleryImageOf(files, record) };
  });

  mountEndpoint(router, E.deleteImage, options, async (_input, { caller, params: { id } }) => {
    await deleteImageResult(deletes, caller.userId, id);
    return {};
  });

  return router;
}
