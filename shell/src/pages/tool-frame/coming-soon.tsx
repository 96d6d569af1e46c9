// The spec's coming-soon notice for a known tool without a page: its name, description and the fixed text.
import { Link } from 'react-router';
import { Button, ToolIcon } from '@act/host-sdk';
import { UI_TEXTS, type Tool } from '@act/contracts';
import './tool-frame.css';

export function ComingSoon({ tool }: { tool: Tool }) {
  return (
    <section className="sh-notice" aria-labelledby="coming-soon-title">
      <span className="sh-notice__icon">
        <ToolIcon icon={tool.icon} size={28} />
      </span>
      <h2 id="coming-soon-title" className="sh-notice__title">
        {tool.name}
      </h2>
      <p className="sh-notice__description">{tool.description}</p>
      <p className="sh-notice__text">{UI_TEXTS.common.comingSoon}</p>
      <Button asChild variant="outline">
        <Link to="/dashboard">{UI_TEXTS.common.backToDashboard}</Link>
      </Button>
    </section>
  );
}
