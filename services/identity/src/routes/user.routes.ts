// The signed-in member's account: GET user, and PUT user to change the password or start an email change.
import { IDENTITY_ENDPOINTS } from '@act/contracts';
import { Router, clientIp, mountEndpoint } from '@act/service-kit';
import { getUser, updateUser } from '../domain/accounts';
import { presentUser } from '../domain/account-user';
import { readRefreshCookie } from './cookies';
import type { IdentityRouteDeps } from './route-deps';

export function createUserRouter(deps: IdentityRouteDeps): Router {
  const router = new Router();
  const options = { verifier: deps.verifier };

  mountEndpoint(router, IDENTITY_ENDPOINTS.getUser, options, async (_input, { caller }) => {
    const user = await getUser(deps.store, caller.userId);
    return { user: presentUser(user) };
  });

  mountEndpoint(router, IDENTITY_ENDPOINTS.updateUser, options, async (input, { caller: member, ctx }) => {
    // The current password can be guessed here too, so it counts against the same limits as sign-in.
    await deps.rateLimits.consume('password', { ip: clientIp(ctx), email: member.email });
    const { user, emailChangePending } = await updateUser(deps, {
      userId: member.userId,
      currentPassword: input.current_password,
      email: input.email,
      password: input.password,
      currentRefreshToken: readRefreshCookie(ctx),
    });
    return { user: presentUser(user), emailChangePending };
  });

  return router;
}
