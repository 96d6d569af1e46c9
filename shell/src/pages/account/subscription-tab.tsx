// Subscription tab (docs/product-rules.md#screens): cycle toggle, paid plan cards with Upgrade / Downgrade / Current
// Plan by rank, the credit packs to buy, the downgrade and cancel confirmations, and cancel only when a subscription
// exists. A member without
// a subscription buys one through Paddle checkout; a member with one changes it in place (never a second
// subscription).
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, ConfirmDialog, errorMessage, toast, type HostUser } from '@act/host-sdk';
import {
  CREDITS_ENDPOINTS,
  ERROR_TEXTS,
  PAID_PLAN_IDS,
  RETURN_PARAM,
  UI_TEXTS,
  getPlan,
  safeReturnPath,
  scheduledPlanChange,
  type BillingCycle,
  type Me,
  type PaidPlanId,
} from '@act/contracts';
import { PUBLIC_DATA } from '../../app/public-data';
import { useServices } from '../../app/services-context';
import { BillingCycleToggle } from '../../components/billing-cycle-toggle';
import { formatDate } from '../../components/format';
import { PlanCard } from '../../components/plan-card';
import { CreditPacksSection } from './credit-packs-section';
import { planButton } from './plan-button';
import { useBillingConfig } from './use-billing-config';
import { usePaddleCheckout } from './use-paddle-checkout';
import './subscription-tab.css';
import '../../components/pricing.css';

const AC = UI_TEXTS.account;
const PAID_PLANS = PUBLIC_DATA.plans.filter((plan) => (PAID_PLAN_IDS as readonly string[]).includes(plan.id));

export function SubscriptionTab({ user, me }: { user: HostUser; me: Me }) {
  const { api, credits } = useServices();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [error, setError] = useState<string | null>(null);
  const config = useBillingConfig(api, setError);
  const [pendingDowngrade, setPendingDowngrade] = useState<PaidPlanId | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [changing, setChanging] = useState(false);
  const navigate = useNavigate();
  // The tool page that sent an out-of-credits member here; only a same-site path is followed back.
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_PARAM));
  const payments = usePaddleCheckout(config, returnTo);

  async function checkout(plan: PaidPlanId) {
    setError(null);
    try {
      await payments.openCheckout({ plan, cycle, email: user.email });
    } catch (err) {
      setError(err instanceof Error ? err.message : ERROR_TEXTS.subscription.startSubscription);
    }
  }

  async function changePlan(plan: PaidPlanId) {
    setError(null);
    setChanging(true);
    try {
      const reply = await api.call(CREDITS_ENDPOINTS.changePlan, {
        body: { plan, billing_cycle: cycle },
        fallbackError: ERROR_TEXTS.subscription.startSubscription,
      });
      toast({
        title: reply.change === 'downgrade' ? AC.downgradeScheduled : AC.upgradeStarted,
        variant: 'success',
      });
      void credits.load();
      if (returnTo) void navigate(returnTo);
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.subscription.startSubscription));
    } finally {
      setChanging(false);
    }
  }

  /** An existing subscription is changed in place; checkout would start a second one. */
  function choosePlan(plan: PaidPlanId) {
    if (me.has_subscription) void changePlan(plan);
    else void checkout(plan);
  }

  async function cancelSubscription() {
    setCancelling(true);
    try {
      await api.call(CREDITS_ENDPOINTS.cancel, {
        body: me.subscription_id ? { subscription_id: me.subscription_id } : {},
        fallbackError: ERROR_TEXTS.subscription.cancelSubscription,
      });
      setConfirmCancel(false);
      toast({ title: AC.cancelled, variant: 'success' });
      void credits.load();
    } catch (err) {
      setConfirmCancel(false);
      setError(errorMessage(err, ERROR_TEXTS.subscription.cancelSubscription));
    } finally {
      setCancelling(false);
    }
  }

  return (
    <div className="sh-subscription">
      <div className="sh-subscription__bar">
        <BillingCycleToggle value={cycle} onChange={setCycle} />
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      {me.scheduled_plan && me.scheduled_change_at && (
        <Alert variant="info">
          {scheduledPlanChange(getPlan(me.scheduled_plan).name, formatDate(me.scheduled_change_at))}
        </Alert>
      )}
      {!error && payments.statusError && (
        // Not configured is an operator's choice (no provider keys), not a failure of the member's action.
        <Alert variant={payments.status === 'unconfigured' ? 'info' : 'error'}>{payments.statusError}</Alert>
      )}
      <div className="sh-plan-grid sh-plan-grid--three">
        {PAID_PLANS.map((plan) => {
          const button = planButton(me.plan, plan.id);
          const paidId = plan.id as PaidPlanId;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              cycle={cycle}
              current={button.action === 'current'}
              action={
                <Button
                  block
                  variant={button.action === 'upgrade' ? 'primary' : 'outline'}
                  disabled={button.disabled || changing}
                  aria-label={`${button.label}: ${plan.name}`}
                  onClick={() =>
                    button.action === 'downgrade' ? setPendingDowngrade(paidId) : choosePlan(paidId)
                  }
                >
                  {button.label}
                </Button>
              }
            />
          );
        })}
      </div>
      <CreditPacksSection payments={payments} email={user.email} />
      {me.has_subscription && (
        <div className="sh-subscription__cancel">
          <Button variant="ghost" className="sh-danger-link" onClick={() => setConfirmCancel(true)}>
            {AC.cancelSubscription}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={pendingDowngrade !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDowngrade(null);
        }}
        title={AC.downgrade}
        description={AC.downgradeConfirm}
        confirmLabel={AC.downgrade}
        onConfirm={() => {
          const plan = pendingDowngrade;
          setPendingDowngrade(null);
          if (plan) choosePlan(plan);
        }}
      />
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={AC.cancelSubscription}
        description={AC.cancelConfirm}
        confirmLabel={AC.cancelSubscription}
        destructive
        busy={cancelling}
        onConfirm={cancelSubscription}
      />
    </div>
  );
}
