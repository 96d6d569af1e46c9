// A pack purchase's receipt (docs/product-rules.md#ledger): printable, with the Paddle transaction id, what was
// bought and paid, when its credits expire, and the refund of an unused pack within the refund window.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, ConfirmDialog, Spinner, errorMessage, toast } from '@act/host-sdk';
import {
  CREDIT_PACK_ENDPOINTS,
  CREDIT_PACK_TEXTS,
  PRODUCT_NAME,
  packName,
  type Purchase,
} from '@act/contracts';
import { useServices } from '../../app/services-context';
import { formatDate, formatDateTime } from '../../components/format';
import './receipt-view.css';

const R = CREDIT_PACK_TEXTS.receipt;
const E = CREDIT_PACK_TEXTS.errors;

/** 5.00 USD as '$5.00' (or '5.00 EUR' for another currency). */
export function formatAmount(minor: number, currency: string): string {
  const amount = (minor / 100).toFixed(2);
  return currency === 'USD' ? `$${amount}` : `${amount} ${currency}`;
}

export function ReceiptView({ purchaseId }: { purchaseId: string }) {
  const { api, credits } = useServices();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refunding, setRefunding] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setPurchase(null);
    setError(null);
    api
      .call(CREDIT_PACK_ENDPOINTS.purchase, {
        params: { id: purchaseId },
        fallbackError: E.loadReceipt,
        signal: controller.signal,
      })
      .then(
        (reply) => setPurchase(reply.purchase),
        (err: unknown) => {
          if (!controller.signal.aborted) setError(errorMessage(err, E.loadReceipt));
        },
      );
    return () => controller.abort();
  }, [api, purchaseId]);

  async function refund() {
    setRefunding(true);
    try {
      const reply = await api.call(CREDIT_PACK_ENDPOINTS.refundPurchase, {
        params: { id: purchaseId },
        fallbackError: E.refundFailed,
      });
      setPurchase(reply.purchase);
      // A refund Paddle has not confirmed yet is being processed: the member is told so, not that it is done.
      const done = reply.purchase.status === 'refunded';
      toast({ title: done ? R.refunded : R.refundPending, variant: done ? 'success' : 'info' });
      void credits.load();
    } catch (err) {
      setError(errorMessage(err, E.refundFailed));
    } finally {
      setConfirming(false);
      setRefunding(false);
    }
  }

  const back = (
    <Button asChild variant="outline" size="sm">
      <Link to="/dashboard?view=account&tab=usage">{R.back}</Link>
    </Button>
  );

  if (!purchase) {
    return (
      <div className="sh-receipt">
        <div className="sh-receipt__actions">{back}</div>
        {error ? (
          <Alert variant="error">{error}</Alert>
        ) : (
          <div className="sh-centered">
            <Spinner size={28} showLabel />
          </div>
        )}
      </div>
    );
  }

  return (
    <article className="sh-receipt act-panel" aria-labelledby="receipt-title">
      <div className="sh-receipt__actions">
        {back}
        <Button variant="outline" size="sm" onClick={() => window.print()}>
          {R.print}
        </Button>
      </div>
      <header className="sh-receipt__head">
        <h2 id="receipt-title">{R.title}</h2>
        <p>{PRODUCT_NAME}</p>
      </header>
      {error && <Alert variant="error">{error}</Alert>}
      <dl className="sh-facts sh-receipt__facts">
        <div>
          <dt>{R.transaction}</dt>
          <dd data-testid="receipt-transaction">{purchase.transactionId}</dd>
        </div>
        <div>
          <dt>{R.date}</dt>
          <dd>{formatDateTime(purchase.purchasedAt)}</dd>
        </div>
        <div>
          <dt>{R.item}</dt>
          <dd>{packName(purchase.credits)}</dd>
        </div>
        <div>
          <dt>{R.amount}</dt>
          <dd data-testid="receipt-amount">{formatAmount(purchase.amountMinor, purchase.currency)}</dd>
        </div>
        <div>
          <dt>{R.expires}</dt>
          <dd>{formatDate(purchase.expiresAt)}</dd>
        </div>
        <div>
          <dt>{R.status}</dt>
          <dd>{R.statuses[purchase.status]}</dd>
        </div>
      </dl>
      {purchase.refundable && (
        <div className="sh-receipt__refund">
          <Button variant="ghost" className="sh-danger-link" onClick={() => setConfirming(true)}>
            {R.refund}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={R.refund}
        description={R.refundConfirm}
        confirmLabel={R.refund}
        destructive
        busy={refunding}
        onConfirm={refund}
      />
    </article>
  );
}
