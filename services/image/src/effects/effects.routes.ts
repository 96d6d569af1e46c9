// HTTP edges of the photo effects (docs/product-rules.md#endpoints), mounted from their contracts definitions: the
// seven effect endpoints (members, 20 credits each), the hub gallery of the member's own results (offset pages of 8,
// newest first) and one result by id. Anyone else's result answers 404 like an unknown one.
import { IMAGE_ENDPOINTS, type PhotoEffectToolId } from '@act/contracts';
import { Router, mountEndpoint, userOf, type JwtVerifier } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { Context } from 'koa';
import { generatedImageOf, type PhotoEffects } from './effects';
import type { GeneratedImageStore } from './effects-store';

export interface EffectsRoutesDeps {
  verifier: JwtVerifier;
  store: GeneratedImageStore;
  files: ObjectStore;
  effects: PhotoEffects;
}

function userIdOf(ctx: Context): string {
  const user = userOf(ctx);
  if (!user) throw new Error('a member endpoint without a member');
  return user.userId;
}

export function createEffectsRouter({ verifier, store, files, effects }: EffectsRoutesDeps): Router {
  const router = new Router();
  const E = IMAGE_ENDPOINTS;
  const options = { verifier };
  const run = (tool: PhotoEffectToolId, ctx: Context, image: string, text?: string) =>
    effects.run(userIdOf(ctx), { tool, image, ...(text ? { text } : {}) });

  mountEndpoint(router, E.ageProgression, options, (input, ctx) =>
    run('age-progression', ctx, input.image, input.ageChange),
  );
  mountEndpoint(router, E.babyVersion, options, (input, ctx) => run('baby-version', ctx, input.image));
  mountEndpoint(router, E.backgroundChange, options, (input, ctx) =>
    run('background-change', ctx, input.image, input.prompt),
  );
  mountEndpoint(router, E.cartoonify, options, (input, ctx) => run('cartoonify', ctx, input.image));
  mountEndpoint(router, E.broccoliHaircut, options, (input, ctx) =>
    run('broccoli-haircut', ctx, input.image),
  );
  mountEndpoint(router, E.colorCorrection, options, (input, ctx) =>
    run('color-correction', ctx, input.image),
  );
  mountEndpoint(router, E.expressionChange, options, (input, ctx) =>
    run('expression-change', ctx, input.image, input.expression),
  );

  mountEndpoint(router, E.generatedImages, options, async (query, ctx) => {
    const page = await store.latest(userIdOf(ctx), { offset: query.offset, limit: query.limit });
    ctx.set('cache-control', 'no-store');
    return { images: page.items.map((record) => generatedImageOf(files, record)), has_more: page.hasMore };
  });

  mountEndpoint(router, E.generatedImage, options, async (_input, ctx, { id }) => {
    ctx.set('cache-control', 'no-store');
    return { image: generatedImageOf(files, await store.find(userIdOf(ctx), id)) };
  });

  return router;
}
