// The payment provider's browser settings (GET billing config) the subscription tab opens checkout with; a failed
// load is the tab's "payment could not start" error.
import { useEffect, useState } from 'react';
import { CREDITS_ENDPOINTS, ERROR_TEXTS, type BillingConfig } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';

export function useBillingConfig(api: ApiClient, onError: (text: string) => void): BillingConfig | null {
  const [config, setConfig] = useState<BillingConfig | null>(null);
  useEffect(() => {
    let cancelled = false;
    api.call(CREDITS_ENDPOINTS.billingConfig).then(
      (reply) => {
        if (!cancelled) setConfig(reply.config);
      },
      () => {
        if (!cancelled) onError(ERROR_TEXTS.subscription.paymentInitFailed);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, onError]);
  return config;
}
