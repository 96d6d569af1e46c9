// Credit Information panel (docs/product-rules.md#screens): current balance, plan name and last credit reset date.
import { getPlan, UI_TEXTS, formatNumber } from '@act/contracts';
import { formatDate } from '../../components/format';
import './credit-info-panel.css';

const D = UI_TEXTS.dashboard;

export function CreditInfoPanel({
  credits,
  planId,
  lastReset,
}: {
  credits: number;
  planId: string;
  lastReset: string;
}) {
  return (
    <section className="act-panel sh-credit-info" aria-labelledby="credit-info-title">
      <h2 id="credit-info-title" className="sh-panel__title">
        {D.creditInformation}
      </h2>
      <dl className="sh-facts">
        <div>
          <dt>{D.currentBalance}</dt>
          <dd>
            {formatNumber(credits)} {D.credits}
          </dd>
        </div>
        <div>
          <dt>{D.plan}</dt>
          <dd>{getPlan(planId)?.name ?? planId}</dd>
        </div>
        <div>
          <dt>{D.lastCreditReset}</dt>
          <dd>{formatDate(lastReset)}</dd>
        </div>
      </dl>
    </section>
  );
}
