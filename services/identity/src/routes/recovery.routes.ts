// Password recovery (POST recover emails a link; POST verify with type recovery sets the new password) and the
// email-change confirmation (POST verify with type email_change). A completed verify signs the user in.
import { IDENTITY_ENDPOINTS } from '@act/contracts';
import { Router, clientIp, mountEndpoint } from '@act/service-kit';
import { completeRecovery, confirmEmailChange, requestRecovery } from '../domain/recovery';
import { startSession } from '../domain/sessions';
import type { IdentityRouteDeps } from './route-deps';
import { replyWithSession } from './session.routes';

export function createRecoveryRouter(deps: IdentityRouteDeps): Router {
  const router = new Router();
  const E = IDENTITY_ENDPOINTS;

  mountEndpoint(router, E.recover, {}, async ({ email }, { ctx }) => {
    await deps.rateLimits.consume('recover', { ip: clientIp(ctx), email });
    await requestRecovery(deps, email);
    // The same answer whether or not the address has an account.
    return {};
  });

  mountEndpoint(router, E.verify, {}, async (input, { ctx }) => {
    await deps.rateLimits.consume('verify', { ip: clientIp(ctx) });
    const user =
      input.type === 'recovery'
        ? await completeRecovery(deps, { token: input.token, password: input.password })
        : await confirmEmailChange(deps, input.token);
    replyWithSession(ctx, deps, await startSession(deps, user));
    return undefined;
  });

  return router;
}
