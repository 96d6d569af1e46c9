// The 80 % / 100 % usage notices (docs/charges.md#spend-cap-and-usage-notices) as dismissible banners on the
// dashboard. Credits decides which to show (once per period, cleared by a reset or a top-up); a failed read shows
// nothing rather than an error about a notice.
import { useEffect, useState } from 'react';
import { Alert, Button } from '@act/host-sdk';
import { CREDIT_CONTROLS_ENDPOINTS, CREDIT_CONTROLS_TEXTS, type CreditNotice } from '@act/contracts';
import { useServices } from '../app/services-context';
import './usage-notices.css';

/** `balance` re-reads the notices whenever the member's balance changes (a charge, a grant, a top-up). */
export function UsageNotices({ balance }: { balance: number }) {
  const { api } = useServices();
  const [notices, setNotices] = useState<CreditNotice[]>([]);

  useEffect(() => {
    let cancelled = false;
    api.call(CREDIT_CONTROLS_ENDPOINTS.notices).then(
      (reply) => {
        if (!cancelled) setNotices(reply.notices);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [api, balance]);

  async function dismiss(id: string) {
    setNotices((current) => current.filter((notice) => notice.id !== id));
    await api.call(CREDIT_CONTROLS_ENDPOINTS.dismissNotice, { params: { id } }).catch(() => undefined);
  }

  if (notices.length === 0) return null;
  return (
    <div className="sh-usage-notices">
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          variant="info"
          action={
            <Button variant="ghost" size="sm" onClick={() => void dismiss(notice.id)}>
              {CREDIT_CONTROLS_TEXTS.notice.dismiss}
            </Button>
          }
        >
          {notice.text}
        </Alert>
      ))}
    </div>
  );
}
