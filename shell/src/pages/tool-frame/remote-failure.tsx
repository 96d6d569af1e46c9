// Shown when a tool family's remote cannot be loaded or crashes: a clear message and Retry; the rest of the shell
// (header, navigation, other tools) keeps working.
import { RotateCw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@act/host-sdk';
import { UI_TEXTS, type Tool } from '@act/contracts';
import './tool-frame.css';

export const REMOTE_FAILURE_TITLE = 'This tool could not be loaded';

export function RemoteFailure({ tool, onRetry }: { tool: Tool; onRetry(): void }) {
  return (
    <section className="sh-notice sh-notice--error" role="alert" aria-labelledby="remote-failure-title">
      <span className="sh-notice__icon">
        <TriangleAlert size={28} aria-hidden />
      </span>
      <h2 id="remote-failure-title" className="sh-notice__title">
        {REMOTE_FAILURE_TITLE}
      </h2>
      <p className="sh-notice__text">
        {tool.name} is temporarily unavailable. Check your connection and try again; your credits have not
        been charged.
      </p>
      <div className="sh-notice__actions">
        <Button onClick={onRetry}>
          <RotateCw size={16} aria-hidden />
          {UI_TEXTS.common.tryAgain}
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">{UI_TEXTS.common.backToDashboard}</Link>
        </Button>
      </div>
    </section>
  );
}
