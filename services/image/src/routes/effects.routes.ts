// HTTP edges of the photo effects (docs/product-rules.md#endpoints), mounted from their contracts definitions: the
// seven effect endpoints (members, 20 credits each), the hub gallery of the member's own results (offset pages of 8,
// newest first) and one result by id. Anyone else's result answers 404 like an unknown one.
import { IMAGE_ENDPOINTS, type PhotoEffectToolId } from '@act/contracts';
import { MEMBER_DATA_CACHE, Router, mountEndpoint, type JwtVerifier, type Member } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { GeneratedImageStore } from '../db/generated-image-store';
import type { PhotoEffects } from '../domain/photo-effects';
import { generatedImageOf } from '../domain/stored-result';

export interface EffectsRoutesDeps {
  verifier: JwtVerifier;
  store: GeneratedImageStore;
  files: ObjectStore;
  effects: PhotoEffects;
}

/** What an effect endpoint's run needs of its call: the member and the request's id. */
interface EffectCall {
  readonly caller: Member;
  readonly requestId: string;
}

export function createEffectsRouter({ verifier, store, files, effects }: EffectsRoutesDeps): Router {
  const router = new Router();
  const E = IMAGE_ENDPOINTS;
  const options = { verifier };
  // The request's id goes with the charge to credits.
  const run = (tool: PhotoEffectToolId, call: EffectCall, image: string, text?: string) =>
    effects.run(
      call.caller.userId,
      { tool, image, ...(text ? { text } : {}) },
      call.requestId,
      call.caller.apiKey,
    );

  mountEndpoint(router, E.ageProgression, options, (input, call) =>
    run('age-progression', call, input.image, input.ageChange),
  );
  mountEndpoint(router, E.babyVersion, options, (input, call) => run('baby-version', call, input.image));
  mountEndpoint(router, E.backgroundChange, options, (input, call) =>
    run('background-change', call, input.image, input.prompt),
  );
  mountEndpoint(router, E.cartoonify, options, (input, call) => run('cartoonify', call, input.image));
  mountEndpoint(router, E.broccoliHaircut, options, (input, call) =>
    run('broccoli-haircut', call, input.image),
  );
  mountEndpoint(router, E.colorCorrection, options, (input, call) =>
    run('color-correction', call, input.image),
  );
  mountEndpoint(router, E.expressionChange, options, (input, call) =>
    run('expression-change', call, input.image, input.expression),
  );

  mountEndpoint(router, E.generatedImages, options, async (query, { caller, ctx }) => {
    const page = await store.latest(caller.userId, {
      offset: query.offset,
      limit: query.limit,
      board: query.board,
    });
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { images: page.items.map((record) => generatedImageOf(files, record)), hasMore: page.hasMore };
  });

  mountEndpoint(router, E.generatedImage, options, async (_input, { caller, ctx, params: { id } }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { image: generatedImageOf(files, await store.find(caller.userId, id)) };
  });

  return router;
}
