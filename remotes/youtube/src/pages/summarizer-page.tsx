// YouTube Summarizer (docs/product-rules.md#screens): a watch, short or embed link; the video's title and duration;
// the summary streaming in (4 credits) with Copy, Clear All and key-moment links into the video, then its chapters under
// it; the summary in the video's language or the one the member chooses.
import { useMemo, useState } from 'react';
import { Sparkles } from 'lucide-react';
import {
  LANGUAGES,
  parseYoutubeVideoId,
  UI_TEXTS,
  YOUTUBE_ENDPOINTS,
  YoutubeVideoUrlSchema,
  type Language,
  type VideoChapters,
  type VideoInfo,
  type YoutubeStreamEvent,
} from '@act/contracts';
import {
  Button,
  canAfford,
  ResultPanel,
  RunError,
  Select,
  useStreamedReply,
  type RunButton,
  type SelectOption,
  type ToolPageProps,
} from '@act/host-sdk';
import { Markdown } from '@act/host-sdk/markdown';
import { FALLBACK_ERRORS, summarizeRequest } from '../api/youtube-api';
import { ChaptersCard } from '../components/chapters-card';
import { keyMomentLinks } from '../components/key-moments';
import { UrlForm } from '../components/url-form';
import { useLinkField } from '../link-check';
import './summarizer-page.css';
import '../components/url-form.css';

const T = UI_TEXTS.youtube;
const C = UI_TEXTS.common;

/** The summary language choice: the video's own (no `language` sent), or one of the contracts' languages. */
const SAME_AS_VIDEO = 'same-as-video';
type SummaryLanguage = Language | typeof SAME_AS_VIDEO;
const LANGUAGE_OPTIONS: readonly SelectOption<SummaryLanguage>[] = [
  { value: SAME_AS_VIDEO, label: T.sameLanguageAsVideo },
  ...LANGUAGES.map((language) => ({ value: language, label: language })),
];

export function summarizeButton(s: { busy: boolean; hasUrl: boolean; affordable: boolean }): RunButton {
  if (s.busy) return { label: C.processing, disabled: true };
  if (s.hasUrl && !s.affordable) return { label: C.insufficientCredits, disabled: true };
  return { label: T.summarize, disabled: !s.hasUrl };
}

interface SummaryState {
  videoId: string | null;
  videoInfo: VideoInfo | null;
  text: string;
  /** From `done`: the summary's chapters. */
  chapters: VideoChapters | null;
  /** The stream's own error event (the spec's text; nothing was charged). */
  error: string | null;
}

/** What the events so far say: video info from `start`, text from the deltas (or `done`'s whole summary). */
export function summaryFromEvents(events: readonly YoutubeStreamEvent[]): SummaryState {
  const state: SummaryState = {
    videoId: null,
    videoInfo: null,
    text: '',
    chapters: null,
    error: null,
  };
  for (const event of events) {
    if (event.type === 'start') {
      state.videoId = event.videoId;
      state.videoInfo = event.videoInfo;
    } else if (event.type === 'delta') {
      state.text += event.text;
    } else if (event.type === 'done') {
      state.text = event.summary;
      state.videoInfo = event.videoInfo;
      state.chapters = event.chapters;
    } else {
      state.error = event.error;
    }
  }
  return state;
}

export function SummarizerPage({ host }: ToolPageProps) {
  const link = useLinkField(YoutubeVideoUrlSchema);
  const [language, setLanguage] = useState<SummaryLanguage>(SAME_AS_VIDEO);
  const [submittedId, setSubmittedId] = useState<string | null>(null);
  const reply = useStreamedReply(host.api, YOUTUBE_ENDPOINTS.summarize, {
    fallbackError: FALLBACK_ERRORS.summarize,
    onCreditsChange: host.onCreditsChange,
  });
  const busy = reply.streaming;
  const summary = summaryFromEvents(reply.events);
  const videoId = summary.videoId ?? submittedId;
  const error = reply.error?.message ?? summary.error;
  const linkText = useMemo(() => (videoId ? keyMomentLinks(videoId) : undefined), [videoId]);
  const hasAnything = link.url !== '' || reply.events.length > 0 || error !== null || link.error !== null;

  const submit = (value: string) => {
    if (!link.accept(value)) return;
    setSubmittedId(parseYoutubeVideoId(value));
    void reply.start(summarizeRequest(value, language === SAME_AS_VIDEO ? undefined : language));
  };

  const clearAll = () => {
    reply.reset();
    link.clear();
    setSubmittedId(null);
  };

  return (
    <div className="act-tool-layout">
      <div className="act-panel act-stack">
        <UrlForm
          url={link.url}
          onUrlChange={link.change}
          onSubmit={submit}
          urlError={link.error}
          icon={Sparkles}
          button={summarizeButton({
            busy,
            hasUrl: link.url.trim() !== '',
            affordable: canAfford(host, 'youtube-summarizer'),
          })}
          busy={busy}
          settings={
            <Select<SummaryLanguage>
              label={T.summaryLanguageLabel}
              value={language}
              onValueChange={setLanguage}
              options={LANGUAGE_OPTIONS}
              disabled={busy}
              className="yt-url-form__language"
            />
          }
          extra={
            <Button variant="outline" size="lg" onClick={clearAll} disabled={busy || !hasAnything}>
              {T.clearAll}
            </Button>
          }
        />
        <RunError error={error} needsSignup={reply.error?.needsSignup === true} host={host} />
        {summary.videoInfo && <VideoInfoCard info={summary.videoInfo} />}
      </div>
      <div className="act-stack">
        <ResultPanel
          title={T.summaryTitle}
          text={summary.text === '' ? null : summary.text}
          placeholder={T.summaryPlaceholder}
          loading={busy && summary.text === ''}
          renderText={(text) => (
            <Markdown text={text} className="yt-summary" lineBreaks linkText={linkText} />
          )}
        />
        {summary.chapters && <ChaptersCard chapters={summary.chapters} />}
      </div>
    </div>
  );
}

function VideoInfoCard({ info }: { info: VideoInfo }) {
  return (
    <section className="act-card yt-video" aria-label={T.videoInfoTitle}>
      <dl className="yt-video__facts">
        <div className="yt-video__fact">
          <dt>{T.title}</dt>
          <dd className="yt-video__title">{info.title}</dd>
        </div>
        <div className="yt-video__fact">
          <dt>{T.duration}</dt>
          <dd>{info.duration}</dd>
        </div>
      </dl>
    </section>
  );
}
