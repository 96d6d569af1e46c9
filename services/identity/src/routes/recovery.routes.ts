// Password recovery (POST recover emails a link; POST verify with type recovery sets the new password) and the
// email-change confirmation (POST verify with type email_change). A completed verify signs the user in.
import { API_ROUTES, RecoverRequestSchema, VerifyRequestSchema, type SuccessReply } from '@act/contracts';
import { Router, clientIp, inputOf, validate } from '@act/service-kit';
import { completeRecovery, confirmEmailChange, requestRecovery } from '../domain/recovery';
import { startSession } from '../domain/sessions';
import type { IdentityRouteDeps } from './route-deps';
import { replyWithSession } from './session.routes';

export function createRecoveryRouter(deps: IdentityRouteDeps): Router {
  const router = new Router();
  const R = API_ROUTES.identity;

  router.post(R.recover, validate(RecoverRequestSchema), async (ctx) => {
    const { email } = inputOf(ctx, RecoverRequestSchema);
    await deps.rateLimits.consume('recover', { ip: clientIp(ctx), email });
    await requestRecovery(deps, email);
    // The same answer whether or not the address has an account.
    ctx.body = { success: true } satisfies SuccessReply;
  });

  router.post(R.verify, validate(VerifyRequestSchema), async (ctx) => {
    const input = inputOf(ctx, VerifyRequestSchema);
    await deps.rateLimits.consume('verify', { ip: clientIp(ctx) });
    const user =
      input.type === 'recovery'
        ? await completeRecovery(deps, { token: input.token, password: input.password })
        : await confirmEmailChange(deps, input.token);
    replyWithSession(ctx, deps, await startSession(deps, user));
  });

  return router;
}
