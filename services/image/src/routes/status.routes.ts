// GET /api/image/status: whether text to image can generate (a provider key is configured), which photo effects can
// run, how Upscale enlarges and whether Edit a region can run, so each screen can say so before the member types or
// uploads.
import { IMAGE_ENDPOINTS } from '@act/contracts';
import { Router, mountEndpoint } from '@act/service-kit';

export interface StatusRoutesDeps {
  textToImage: boolean;
  /** Per photo-effect tool id, whether it can run now (filled by the effects part of the service). */
  effects?: () => Record<string, boolean>;
  /** How Upscale enlarges here and whether Edit a region can run. */
  tools?: () => { upscale: 'standard' | 'model'; editImage: boolean };
}

export function createStatusRouter({ textToImage, effects, tools }: StatusRoutesDeps): Router {
  const router = new Router();
  mountEndpoint(router, IMAGE_ENDPOINTS.status, {}, async (_input, { ctx }) => {
    // Not a member's data (MEMBER_DATA_CACHE): availability changes at runtime, so no cache may keep an old answer.
    ctx.set('cache-control', 'no-store');
    return { available: textToImage, ...(effects ? { effects: effects() } : {}), ...(tools ? tools() : {}) };
  });
  return router;
}
