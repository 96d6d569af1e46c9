// The signed-in member's account: GET user, PUT user to change the password or start an email change, PATCH user to
// save their language (docs/product-rules.md#languages), and DELETE account to delete it (domain/account-deletion.ts).
import { ACCOUNT_DELETION_ENDPOINTS, IDENTITY_ENDPOINTS } from '@act/contracts';
import { Router, clientIp, mountEndpoint } from '@act/service-kit';
import { deleteAccount } from '../domain/account-deletion';
import { getUser, updateLocale, updateUser } from '../domain/accounts';
import { presentUser } from '../domain/account-user';
import { clearRefreshCookie, readRefreshCookie } from './cookies';
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

  mountEndpoint(router, ACCOUNT_DELETION_ENDPOINTS.deleteAccount, options, async (input, { caller, ctx }) => {
    // The password can be guessed here too: the same limits as sign-in.
    await deps.rateLimits.consume('password', { ip: clientIp(ctx), email: caller.email });
    await deleteAccount(
      {
        store: deps.store,
        events: deps.events,
        revocations: deps.revocations,
        logger: ctx.state.log,
        exportFiles: deps.exportFiles,
      },
      { userId: caller.userId, password: input.password },
    );
    // This browser's session ended with the others: its refresh cookie is of no use any more.
    clearRefreshCookie(ctx, deps.cookieSecure);
    return {};
  });

  mountEndpoint(router, IDENTITY_ENDPOINTS.updateLocale, options, async (input, { caller }) => {
    const user = await updateLocale(deps.store, caller.userId, input.locale);
    return { user: presentUser(user) };
  });

  return router;
}
