// A past summary reopened (docs/product-rules.md#youtube-past-summaries): its video's title, the summary with its
// key moments, its chapters, and "Ask this video" with the questions already answered.
import { useId, useMemo } from 'react';
import { UI_TEXTS, type VideoSession } from '@act/contracts';
import { Button, ResultPanel, type ToolHost } from '@act/host-sdk';
import { Markdown } from '@act/host-sdk/markdown';
import { AskPanel } from './ask-panel';
import { ChaptersCard } from './chapters-card';
import { keyMomentLinks } from './key-moments';
import './reopened-summary.css';

const T = UI_TEXTS.youtube;

export function ReopenedSummary(props: { host: ToolHost; session: VideoSession; onClose(): void }) {
  const { host, session, onClose } = props;
  const headingId = useId();
  const linkText = useMemo(() => keyMomentLinks(session.videoId), [session.videoId]);
  return (
    <section className="yt-reopened" aria-labelledby={headingId}>
      <header className="yt-reopened__header">
        <h2 id={headingId} className="yt-reopened__title">
          {session.videoInfo.title}
        </h2>
        <Button variant="outline" size="sm" onClick={onClose}>
          {UI_TEXTS.common.close}
        </Button>
      </header>
      <ResultPanel
        title={T.summaryTitle}
        text={session.summary}
        placeholder={T.summaryPlaceholder}
        loading={false}
        renderText={(text) => <Markdown text={text} className="yt-summary" lineBreaks linkText={linkText} />}
      />
      <ChaptersCard chapters={session.chapters} />
      {session.source === 'transcript' && (
        <AskPanel
          key={session.id}
          host={host}
          sessionId={session.id}
          available
          initialAnswers={session.questions}
        />
      )}
    </section>
  );
}
