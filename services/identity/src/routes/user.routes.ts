// The signed-in member's account: GET user, and PUT user to change the password or start an email change.
import { API_ROUTES, UpdateUserRequestSchema, type UpdateUserReply, type UserReply } from '@act/contracts';
import { Router, clientIp, inputOf, requireUser, userOf, validate } from '@act/service-kit';
import { getUser, updateUser } from '../domain/accounts';
import { presentUser } from '../domain/account-user';
import { readRefreshCookie } from './cookies';
import type { IdentityRouteDeps } from './route-deps';

export function createUserRouter(deps: IdentityRouteDeps): Router {
  const router = new Router();
  const path = API_ROUTES.identity.user;

  router.get(path, requireUser(deps.verifier), async (ctx) => {
    const user = await getUser(deps.sql, userOf(ctx)!.userId);
    ctx.body = { success: true, user: presentUser(user) } satisfies UserReply;
  });

  router.put(path, requireUser(deps.verifier), validate(UpdateUserRequestSchema), async (ctx) => {
    const input = inputOf(ctx, UpdateUserRequestSchema);
    const member = userOf(ctx)!;
    // The current password can be guessed here too, so it counts against the same limits as sign-in.
    await deps.rateLimits.consume('password', { ip: clientIp(ctx), email: member.email });
    const { user, emailChangePending } = await updateUser(deps, {
      userId: member.userId,
      currentPassword: input.current_password,
      email: input.email,
      password: input.password,
      currentRefreshToken: readRefreshCookie(ctx),
    });
    ctx.body = {
      success: true,
      user: presentUser(user),
      email_change_pending: emailChangePending,
    } satisfies UpdateUserReply;
  });

  return router;
}
