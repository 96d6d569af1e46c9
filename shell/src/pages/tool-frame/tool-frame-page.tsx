// The tool view (docs/product-rules.md#screens): 'Back to Dashboard', tool name, credit balance and plan badge, then
// the tool's page from its family remote. Unknown ids go to /dashboard; tools without a page show the coming-soon
// notice.
import { useMemo } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ToolIcon, type ToolHost } from '@act/host-sdk';
import { UI_TEXTS, getTool, toolPath, type Tool } from '@act/contracts';
import { useServices } from '../../app/services-context';
import { useMember } from '../../app/use-member';
import { CreditsPill } from '../../components/credits-pill';
import { PlanBadge } from '../../components/plan-badge';
import { PageMeta } from '../../seo/page-meta';
import { ComingSoon } from './coming-soon';
import { RemoteToolPage } from './remote-tool-page';
import '../dashboard/member.css';
import './tool-frame.css';
import './tool-frame-page.css';

export function ToolFramePage() {
  const { toolId } = useParams();
  const tool = toolId ? getTool(toolId) : undefined;
  if (!tool) return <Navigate to="/dashboard" replace />;
  return <ToolFrame key={tool.id} tool={tool} />;
}

function ToolFrame({ tool }: { tool: Tool }) {
  const { user, me } = useMember();
  const { auth, credits, api } = useServices();
  const navigate = useNavigate();

  const host = useMemo<ToolHost>(
    () => ({
      toolId: tool.id,
      user: { id: user.id, email: user.email, created_at: user.created_at },
      plan: me.plan,
      credits: me.credits,
      getAccessToken: () => auth.getAccessToken(),
      onCreditsChange: (remainingCredits) => credits.setRemainingCredits(remainingCredits),
      navigate: (path) => navigate(path),
      api,
    }),
    [tool.id, user.id, user.email, user.created_at, me.plan, me.credits, auth, credits, navigate, api],
  );

  return (
    <div className="sh-member">
      <PageMeta title={tool.seoTitle} description={tool.seoDescription} path={toolPath(tool.id)} />
      <header className="sh-app-header sh-tool-header">
        <div className="sh-container sh-app-header__inner">
          <Link to="/dashboard" className="sh-back-link">
            <ArrowLeft size={16} aria-hidden />
            {UI_TEXTS.toolShell.backToDashboard}
          </Link>
          <div className="sh-tool-header__title">
            <span className="sh-tool-header__icon">
              <ToolIcon icon={tool.icon} size={18} />
            </span>
            <h1>{tool.name}</h1>
          </div>
          <div className="sh-app-header__status">
            <CreditsPill credits={me.credits} />
            <PlanBadge planId={me.plan} />
          </div>
        </div>
      </header>
      <main id="main" className="sh-container sh-tool-main">
        {tool.hasPage ? <RemoteToolPage tool={tool} host={host} /> : <ComingSoon tool={tool} />}
      </main>
    </div>
  );
}
