// Overview tab: email, member since, plan, balance with its split into plan and purchased credits
// (docs/product-rules.md#credit-packs), last and next credit reset.
import type { HostUser } from '@act/host-sdk';
import { CREDIT_PACK_TEXTS, UI_TEXTS, type Me, formatNumber } from '@act/contracts';
import { formatDate, nextMonthlyReset } from '../../components/format';
import { PlanBadge } from '../../components/plan-badge';

export function OverviewTab({ user, me }: { user: HostUser; me: Me }) {
  return (
    <dl className="sh-facts sh-facts--grid">
      <div className="sh-facts__wide">
        <dt>{UI_TEXTS.auth.email}</dt>
        <dd>{user.email}</dd>
      </div>
      <div>
        <dt>{UI_TEXTS.dashboard.memberSince}</dt>
        <dd>{formatDate(me.created_at || user.created_at)}</dd>
      </div>
      <div>
        <dt>{UI_TEXTS.dashboard.plan}</dt>
        <dd>
          <PlanBadge planId={me.plan} />
        </dd>
      </div>
      <div>
        <dt>{UI_TEXTS.dashboard.currentBalance}</dt>
        <dd>
          {formatNumber(me.credits)} {UI_TEXTS.dashboard.credits}
        </dd>
      </div>
      <div>
        <dt>{CREDIT_PACK_TEXTS.split.plan}</dt>
        <dd data-testid="plan-credits">{formatNumber(me.plan_credits)}</dd>
      </div>
      <div>
        <dt>{CREDIT_PACK_TEXTS.split.purchased}</dt>
        <dd data-testid="purchased-credits">{formatNumber(me.purchased_credits)}</dd>
      </div>
      <div>
        <dt>{UI_TEXTS.dashboard.lastCreditReset}</dt>
        <dd>{formatDate(me.last_credit_reset)}</dd>
      </div>
      <div>
        <dt>Next Credit Reset</dt>
        <dd>{formatDate(nextMonthlyReset(me.last_credit_reset))}</dd>
      </div>
    </dl>
  );
}
