// Credit packs on the Subscription tab (docs/product-rules.md#credit-packs): each pack with its credits and price and
// a Buy button that opens Paddle checkout; the credits arrive with Paddle's webhook, never from the browser.
import { useEffect, useState } from 'react';
import { Alert, Button } from '@act/host-sdk';
import {
  CREDIT_PACK_ENDPOINTS,
  CREDIT_PACK_TEXTS,
  formatUsdCents,
  packName,
  type CreditPack,
} from '@act/contracts';
import { useServices } from '../../app/services-context';
import type { PaddleCheckout } from './use-paddle-checkout';
import './credit-packs-section.css';

const P = CREDIT_PACK_TEXTS.packs;

export function CreditPacksSection({ payments, email }: { payments: PaddleCheckout; email: string }) {
  const { api } = useServices();
  const [packs, setPacks] = useState<CreditPack[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(CREDIT_PACK_ENDPOINTS.packs, {
        fallbackError: CREDIT_PACK_TEXTS.errors.loadPacks,
        signal: controller.signal,
      })
      .then(
        (reply) => setPacks(reply.packs),
        () => {
          if (!controller.signal.aborted) setError(CREDIT_PACK_TEXTS.errors.loadPacks);
        },
      );
    return () => controller.abort();
  }, [api]);

  async function buy(pack: CreditPack) {
    setError(null);
    try {
      await payments.openPackCheckout(pack, email);
    } catch (err) {
      setError(err instanceof Error ? err.message : CREDIT_PACK_TEXTS.errors.startPurchase);
    }
  }

  return (
    <section className="sh-packs" aria-labelledby="packs-title">
      <h2 id="packs-title" className="sh-packs__title">
        {P.title}
      </h2>
      <p className="sh-packs__description">{P.description}</p>
      {error && <Alert variant="error">{error}</Alert>}
      {packs && (
        <ul className="sh-packs__list">
          {packs.map((pack) => (
            <li key={pack.id} className="sh-packs__pack act-panel">
              <span className="sh-packs__credits">{packName(pack.credits)}</span>
              <span className="sh-packs__price">{formatUsdCents(pack.priceCents)}</span>
              <Button
                variant="outline"
                disabled={!pack.priceId}
                aria-label={`${P.buy}: ${packName(pack.credits)}`}
                onClick={() => void buy(pack)}
              >
                {P.buy}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
