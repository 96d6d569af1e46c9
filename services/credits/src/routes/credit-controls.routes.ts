// The member's credit controls (PUT/GET /api/credits/spend-cap, GET /api/credits/notices, POST …/notices/:id/dismiss,
// POST /api/credits/redeem) and the support console's API under /api/credits/support/ (the `support` role only:
// mountEndpoint refuses everyone else, as the gateway does before it).
import { randomUUID } from 'node:crypto';
import { CREDIT_CONTROLS_ENDPOINTS } from '@act/contracts';
import { MEMBER_DATA_CACHE, Router, clientIp, mountEndpoint } from '@act/service-kit';
import { changeSpendCap, dismissMemberNotice, listNotices, readSpendCap } from '../domain/credit-controls';
import { redeemCode } from '../domain/redemption';
import { adjustCredits, createCode, findSupportMember } from '../domain/support';
import type { CreditsDeps } from '../deps';

export function createCreditControlsRouter(deps: CreditsDeps): Router {
  const { store, clock, verifier } = deps;
  const router = new Router();
  const E = CREDIT_CONTROLS_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.getSpendCap, options, async (_input, { caller, ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { spendCap: await readSpendCap(store, caller.userId, clock.now()) };
  });

  mountEndpoint(router, E.setSpendCap, options, async (input, { caller }) => ({
    spendCap: await changeSpendCap(store, caller.userId, input.monthlyCap, clock.now()),
  }));

  mountEndpoint(router, E.notices, options, async (_input, { caller, ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { notices: await listNotices(store, caller.userId, clock.now()) };
  });

  mountEndpoint(router, E.dismissNotice, options, async (_input, { caller, params }) => {
    await dismissMemberNotice(store, caller.userId, params.id, clock.now());
    return {};
  });

  mountEndpoint(router, E.redeem, options, async (input, { caller, ctx }) =>
    redeemCode(store, { userId: caller.userId, address: clientIp(ctx) }, input.code, clock.now()),
  );

  mountEndpoint(router, E.supportMember, options, async (input, { ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { member: await findSupportMember(store, input.email, clock.now()) };
  });

  mountEndpoint(router, E.supportAdjust, options, async (input, { caller }) =>
    adjustCredits(store, caller, input, clock.now()),
  );

  mountEndpoint(router, E.supportCreateCode, options, async (input, { caller }) =>
    createCode(store, caller, input, randomUUID(), clock.now()),
  );

  return router;
}
