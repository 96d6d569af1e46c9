// The public JSON Web Key Set the gateway and the services verify access tokens with.
import { IDENTITY_ENDPOINTS, type Jwks } from '@act/contracts';
import { Router, mountEndpoint } from '@act/service-kit';
import type { KeyStore } from '../domain/signing-keys';

export function createKeysRouter(keys: KeyStore): Router {
  const router = new Router();
  mountEndpoint(router, IDENTITY_ENDPOINTS.jwks, {}, async (_input, { ctx }) => {
    // Short enough that a rotated-in key reaches every verifier well before the old key stops being published.
    ctx.set('Cache-Control', 'public, max-age=300');
    return keys.jwks() as Jwks;
  });
  return router;
}
