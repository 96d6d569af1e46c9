// The member's personal API keys (GET, POST, PATCH, DELETE /api/identity/api-keys), and the gateway's exchange of a
// key for an access token (API_KEY_TOKEN_PATH, outside /api/ so it is never routed from outside).
import { API_KEY_ENDPOINTS, API_KEY_TOKEN_PATH, ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode, Router, bearerToken, mountEndpoint } from '@act/service-kit';
import { createApiKey, listApiKeys, revokeApiKey, tokenForApiKey, updateApiKey } from '../domain/api-keys';
import type { IdentityRouteDeps } from './route-deps';

const E = API_KEY_ENDPOINTS;

export function createApiKeysRouter(deps: IdentityRouteDeps): Router {
  const router = new Router();
  const options = { verifier: deps.verifier };

  mountEndpoint(router, E.listApiKeys, options, async (_input, { caller }) => ({
    keys: await listApiKeys(deps.store, caller.userId),
  }));

  mountEndpoint(router, E.createApiKey, options, async (input, { caller, ctx }) => {
    const created = await createApiKey(deps.store, caller.userId, input);
    ctx.status = 201;
    return created;
  });

  mountEndpoint(router, E.updateApiKey, options, async (input, { caller, params }) => ({
    key: await updateApiKey(deps.store, caller.userId, params.id, input),
  }));

  mountEndpoint(router, E.revokeApiKey, options, async (_input, { caller, params }) => {
    await revokeApiKey(deps.store, caller.userId, params.id);
    return {};
  });

  router.get(API_KEY_TOKEN_PATH, async (ctx) => {
    const secret = bearerToken(ctx);
    const issued = secret ? await tokenForApiKey(deps, secret) : undefined;
    // Forged, unknown and revoked keys read alike.
    if (!issued) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
    ctx.body = issued;
  });

  return router;
}
