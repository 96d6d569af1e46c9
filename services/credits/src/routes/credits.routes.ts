// GET /api/credits/me, /api/credits/tool-usage-history, /api/credits/api-keys/spend (members) and /api/credits/plans
// (public).
import { API_KEY_ENDPOINTS, CREDITS_ENDPOINTS, PLANS, type MeReply, type PublicPlan } from '@act/contracts';
import { MEMBER_DATA_CACHE, Router, mountEndpoint } from '@act/service-kit';
import { loadCurrentAccount } from '../domain/account-lifecycle';
import { listUsageHistory } from '../domain/history';
import type { AccountRow } from '../db/accounts';
import type { CreditSplit } from '../db/grants';
import type { CreditsDeps } from '../deps';

export function presentMe(account: AccountRow, split: CreditSplit): MeReply {
  const live = account.subscription_id !== null && account.subscription_status !== 'canceled';
  return {
    success: true,
    me: {
      plan: account.plan,
      credits: account.credits,
      plan_credits: split.plan,
      purchased_credits: split.purchased,
      last_credit_reset: account.last_credit_reset.toISOString(),
      has_subscription: live,
      subscription_id: live ? account.subscription_id : null,
      scheduled_plan: account.scheduled_plan,
      scheduled_change_at: account.scheduled_change_at?.toISOString() ?? null,
      created_at: account.created_at.toISOString(),
    },
  };
}

function toPublicPlan(plan: (typeof PLANS)[number]): PublicPlan {
  return { ...plan, features: [...plan.features] };
}

export function createCreditsRouter(deps: CreditsDeps): Router {
  const { store, clock, verifier } = deps;
  const router = new Router();
  const E = CREDITS_ENDPOINTS;
  const options = { verifier };

  mountEndpoint(router, E.me, options, async (_input, { caller, ctx }) => {
    const now = clock.now();
    const account = await loadCurrentAccount(store, caller.userId, now);
    // The split is read after the account: a use that started in between is counted in both or in neither. Beside
    // it, the e-mail support finds the member by, as identity signed it into the token (a write only when it changed).
    const [found] = await Promise.all([
      store.creditSplit(caller.userId),
      store.recordMemberEmail(caller.userId, caller.email, now),
    ]);
    const split = found ?? { plan: account.credits, purchased: 0 };
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return presentMe({ ...account, credits: split.plan + split.purchased }, split);
  });

  mountEndpoint(router, E.history, options, async (input, { caller, ctx }) => {
    const page = await listUsageHistory(store, caller.userId, input);
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { history: page.history, nextCursor: page.nextCursor };
  });

  // What each personal API key spent this monthly period, for the key list (identity keeps the keys themselves).
  mountEndpoint(router, API_KEY_ENDPOINTS.apiKeySpend, options, async (_input, { caller, ctx }) => {
    await loadCurrentAccount(store, caller.userId, clock.now());
    const rows = await store.keysSpentThisPeriod(caller.userId);
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { keys: rows.map((row) => ({ id: row.key_id, spentThisMonth: row.spent })) };
  });

  mountEndpoint(router, E.plans, options, async (_input, { ctx }) => {
    ctx.set('cache-control', 'public, max-age=300');
    return { plans: PLANS.map(toPublicPlan) };
  });

  return router;
}
