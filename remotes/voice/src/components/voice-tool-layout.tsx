// The screen every voice tool shares: the notice when the server cannot run it, the settings panel (the page's
// fields and buttons, then the run's error), the result card with the job's progress (or the clip `?open=` names, or
// why it cannot be shown), and the recent results below.
import type { ReactNode } from 'react';
import { Alert, RunError, type ToolHost } from '@act/host-sdk';
import type { VoiceTool } from '../use-voice-tool';
import { RecentResults } from './recent-results';
import { ResultCard, type ResultCardProps } from './result-card';
import { VoiceNotice } from './voice-notice';

export interface VoiceToolLayoutProps extends Pick<ResultCardProps, 'progress' | 'compare'> {
  host: ToolHost;
  voice: VoiceTool;
  texts: { resultTitle: string; resultPlaceholder: string; recentTitle: string };
  /** The page's own error (a file it could not read), shown instead of the job's. */
  error?: string | null;
  /** The tool's fields and buttons. */
  children: ReactNode;
}

export function VoiceToolLayout({
  host,
  voice,
  texts,
  progress,
  compare,
  error,
  children,
}: VoiceToolLayoutProps) {
  const { job } = voice;
  return (
    <div className="act-stack">
      <VoiceNotice status={voice.status} />
      {voice.opened.error && <Alert variant="error">{voice.opened.error}</Alert>}
      <div className="act-tool-layout">
        <div className="act-panel act-stack">
          {children}
          <RunError error={error ?? job.error} needsSignup={job.needsSignup} host={host} />
        </div>
        <ResultCard
          title={texts.resultTitle}
          placeholder={texts.resultPlaceholder}
          job={job}
          progress={progress}
          compare={compare}
          opened={voice.opened.clip}
        />
      </div>
      <RecentResults host={host} tool={voice.tool} title={texts.recentTitle} refreshKey={voice.recentKey} />
    </div>
  );
}
