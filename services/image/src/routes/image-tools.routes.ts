// HTTP edges of Upscale and Edit a region (docs/product-rules.md#upscale, #edit-a-region), mounted from their
// contracts definitions; both answer like the photo effects (the stored result with its signed URLs).
import { IMAGE_ENDPOINTS } from '@act/contracts';
import { Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import type { ImageTools } from '../domain/image-tools';

export function createImageToolsRouter({
  verifier,
  tools,
}: {
  verifier: JwtVerifier;
  tools: ImageTools;
}): Router {
  const router = new Router();
  const options = { verifier };
  mountEndpoint(router, IMAGE_ENDPOINTS.upscale, options, (input, { caller, requestId }) =>
    tools.upscale(caller.userId, input, requestId, caller.apiKey),
  );
  mountEndpoint(router, IMAGE_ENDPOINTS.editImage, options, (input, { caller, requestId }) =>
    tools.edit(caller.userId, input, requestId, caller.apiKey),
  );
  return router;
}
