// The member dashboard (docs/product-rules.md#screens): header, then either the tools view (welcome card, error
// banner, tool cards by category, Credit Information) or the account view (?view=account), which opens inside the
// dashboard.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Spinner, useStoreState } from '@act/host-sdk';
import { PAGE_SEO, PRODUCT_NAME, SUPPORT_ROLE, toolPath, type Tool, type ToolId } from '@act/contracts';
import { useMember } from '../../app/use-member';
import { useServices } from '../../app/services-context';
import { UsageNotices } from '../../components/usage-notices';
import { PageMeta } from '../../seo/page-meta';
import { CreditInfoPanel } from './credit-info-panel';
import { DashboardHeader } from './dashboard-header';
import { ToolSections } from './tool-sections';
import { WelcomeCard } from './welcome-card';
import './member.css';
import './dashboard.css';

const AccountView = lazy(() => import('../account/account-view').then((m) => ({ default: m.AccountView })));

/** Longest wait for a tool's remote before opening the frame anyway (the frame shows its own loading state). */
const PRELOAD_WAIT_MS = 4000;

export function DashboardPage() {
  const { user, me, accountError, signOut } = useMember();
  const { auth, credits, loadToolPages } = useServices();
  // The session's roles (the gateway and credits check the token's claim; this only shows the console link).
  const roles = useStoreState(auth).user?.roles;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const view = params.get('view') === 'account' ? 'account' : 'tools';
  const [processingToolId, setProcessingToolId] = useState<ToolId | null>(null);

  useEffect(() => {
    // The balance can change outside this tab (monthly reset, a subscription payment): refresh on arrival.
    void credits.load();
  }, [credits]);

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [view]);

  async function openTool(tool: Tool) {
    setProcessingToolId(tool.id);
    if (tool.hasPage) {
      // Warm the family remote so the frame opens with the page ready; a failure is shown by the frame itself.
      await Promise.race([
        loadToolPages(tool.family).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
      ]);
    }
    navigate(toolPath(tool.id));
  }

  return (
    <div className="sh-member">
      {view === 'account' ? (
        <PageMeta
          title={`Account | ${PRODUCT_NAME}`}
          description="Your plan, subscription and credit usage history."
          path="/dashboard"
          noIndex
        />
      ) : (
        <PageMeta
          title={PAGE_SEO.dashboard.title}
          description={PAGE_SEO.dashboard.description}
          path="/dashboard"
          noIndex
        />
      )}
      <DashboardHeader
        credits={me.credits}
        planId={me.plan}
        onSignOut={signOut}
        support={roles?.includes(SUPPORT_ROLE) ?? false}
      />
      <main id="main" className="sh-container sh-dashboard">
        <UsageNotices balance={me.credits} />
        {view === 'account' ? (
          <Suspense
            fallback={
              <div className="sh-centered">
                <Spinner size={28} showLabel />
              </div>
            }
          >
            <AccountView user={user} me={me} />
          </Suspense>
        ) : (
          <>
            <WelcomeCard email={user.email} createdAt={me.created_at || user.created_at} />
            {accountError && <Alert variant="error">{accountError}</Alert>}
            <div className="sh-dashboard__layout">
              <ToolSections credits={me.credits} processingToolId={processingToolId} onOpen={openTool} />
              <aside className="sh-dashboard__aside">
                <CreditInfoPanel credits={me.credits} planId={me.plan} lastReset={me.last_credit_reset} />
              </aside>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
