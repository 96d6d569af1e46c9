// GET /api/credits/me, /api/credits/tool-usage-history (members) and /api/credits/plans (public).
import {
  API_ROUTES,
  PLANS,
  UsageHistoryQuerySchema,
  type MeReply,
  type PlansReply,
  type PublicPlan,
  type UsageHistoryReply,
} from '@act/contracts';
import { inputOf, requireUser, userOf, validate, type JwtVerifier, type Router } from '@act/service-kit';
import { loadCurrentAccount } from '../domain/account-lifecycle';
import { listUsageHistory } from '../domain/history';
import type { AccountRow } from '../db/accounts';
import type { CreditsDeps } from '../deps';

export function presentMe(account: AccountRow): MeReply {
  const live = account.subscription_id !== null && account.subscription_status !== 'canceled';
  return {
    success: true,
    me: {
      plan: account.plan,
      credits: account.credits,
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

export function mountCreditsRoutes(router: Router, deps: CreditsDeps, verifier: JwtVerifier): void {
  const { sql, clock } = deps;

  router.get(API_ROUTES.credits.me, requireUser(verifier), async (ctx) => {
    const account = await loadCurrentAccount(sql, userOf(ctx)!.userId, clock.now());
    ctx.set('cache-control', 'no-store');
    ctx.body = presentMe(account);
  });

  router.get(
    API_ROUTES.credits.history,
    requireUser(verifier),
    validate(UsageHistoryQuerySchema, 'query'),
    async (ctx) => {
      const page = await listUsageHistory(sql, userOf(ctx)!.userId, inputOf(ctx, UsageHistoryQuerySchema));
      ctx.set('cache-control', 'no-store');
      ctx.body = {
        success: true,
        history: page.history,
        next_cursor: page.nextCursor,
      } satisfies UsageHistoryReply;
    },
  );

  router.get(API_ROUTES.credits.plans, (ctx) => {
    ctx.set('cache-control', 'public, max-age=300');
    ctx.body = { success: true, plans: PLANS.map(toPublicPlan) } satisfies PlansReply;
  });
}
