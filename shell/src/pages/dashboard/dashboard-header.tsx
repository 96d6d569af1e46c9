// Member header (docs/product-rules.md#screens dashboard): product name, credit balance, plan badge, Library, Account
// and Sign Out.
import { Library, LifeBuoy, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button, ThemeSelect } from '@act/host-sdk';
import { ACCOUNT_PATH, CREDIT_CONTROLS_TEXTS, LIBRARY_PATH, LIBRARY_TEXTS, UI_TEXTS } from '@act/contracts';
import { BrandLogo } from '../../components/brand-logo';
import { CreditsPill } from '../../components/credits-pill';
import { PlanBadge } from '../../components/plan-badge';
import './member.css';

const D = UI_TEXTS.dashboard;

export interface DashboardHeaderProps {
  credits: number;
  planId: string;
  onSignOut(): void;
  /** Shows the link to the support console (the member's token carries the `support` role). */
  support?: boolean;
}

export function DashboardHeader({ credits, planId, onSignOut, support = false }: DashboardHeaderProps) {
  return (
    <header className="sh-app-header">
      <div className="sh-container sh-app-header__inner">
        <BrandLogo to="/dashboard" />
        <div className="sh-app-header__status">
          <CreditsPill credits={credits} />
          <PlanBadge planId={planId} />
        </div>
        <nav className="sh-app-header__actions" aria-label={UI_TEXTS.landing.nav.account}>
          <ThemeSelect />
          {support && (
            <Button asChild variant="ghost" size="sm">
              <Link to="/support">
                <LifeBuoy size={16} aria-hidden />
                {CREDIT_CONTROLS_TEXTS.support.title}
              </Link>
            </Button>
          )}
          <Button asChild variant="ghost" size="sm">
            <Link to={LIBRARY_PATH}>
              <Library size={16} aria-hidden />
              {LIBRARY_TEXTS.navLink}
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={ACCOUNT_PATH}>
              <UserRound size={16} aria-hidden />
              {D.account}
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={onSignOut}>
            <LogOut size={16} aria-hidden />
            {D.signOut}
          </Button>
        </nav>
      </div>
    </header>
  );
}
