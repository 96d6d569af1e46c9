// Loads the tool's family remote and renders its page with the host props. A known tool the remote has no page for
// shows the coming-soon notice; a load failure or a crash shows RemoteFailure with Retry.
import { useEffect, useState, type ComponentType } from 'react';
import { Spinner, type ToolHost, type ToolPageProps } from '@act/host-sdk';
import type { Tool } from '@act/contracts';
import { useServices } from '../../app/services-context';
import { ComingSoon } from './coming-soon';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteFailure } from './remote-failure';
import './remote-tool-page.css';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; Page: ComponentType<ToolPageProps> | null };

export function RemoteToolPage({ tool, host }: { tool: Tool; host: ToolHost }) {
  const { loadToolPages } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadToolPages(tool.family, { retry: attempt > 0 }).then(
      (pages) => {
        if (!cancelled) setState({ status: 'ready', Page: pages[tool.id] ?? null });
      },
      (error: unknown) => {
        console.error(
          `Loading the ${tool.family} remote failed`,
          error,
          error instanceof Error ? error.cause : undefined,
        );
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [loadToolPages, tool.family, tool.id, attempt]);

  const retry = () => setAttempt((n) => n + 1);

  if (state.status === 'loading') {
    return (
      <div className="sh-centered sh-tool-loading">
        <Spinner size={32} label={`Loading ${tool.name}`} showLabel />
      </div>
    );
  }
  if (state.status === 'failed') return <RemoteFailure tool={tool} onRetry={retry} />;
  const { Page } = state;
  if (!Page) return <ComingSoon tool={tool} />;
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={(reset) => (
        <RemoteFailure
          tool={tool}
          onRetry={() => {
            reset();
            retry();
          }}
        />
      )}
    >
      <Page host={host} />
    </RemoteErrorBoundary>
  );
}
