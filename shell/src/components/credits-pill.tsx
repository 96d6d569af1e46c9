// The credit balance shown in the dashboard and tool headers.
import { Coins } from 'lucide-react';
import { UI_TEXTS, formatNumber } from '@act/contracts';

export function CreditsPill({ credits }: { credits: number }) {
  return (
    <span className="sh-credits-pill" data-testid="credit-balance">
      <Coins size={16} aria-hidden />
      <span>
        <strong>{formatNumber(credits)}</strong> {UI_TEXTS.dashboard.credits}
      </span>
    </span>
  );
}
