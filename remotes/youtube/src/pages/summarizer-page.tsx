// YouTube Summarizer (docs/product-rules.md#screens): a watch, short or embed link; the video's title and duration;
// the summary streaming in (4 credits) with Copy, Clear All and key-moment links into the video, then its chapters under
// it, "Ask this video" (questions answered from the transcript, citing moments, 2 credits each) and the video's
// transcript (searchable, downloadable as .txt and .srt, free); the summary in the video's language or the one the
// member chooses, the transcript always in its own.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Sparkles } from 'lucide-react';
import {
  ERROR_TEXTS,
  failureTextOf,
  LANGUAGES,
  OUTPUT_LANGUAGE_TEXTS,
  parseYoutubeVideoId,
  UI_TEXTS,
  YOUTUBE_ENDPOINTS,
  YoutubeVideoUrlSchema,
  type Language,
  type SummarySource,
  type TranscriptFormat,
  type TranscriptReply,
  type VideoChapters,
  type VideoInfo,
  type YoutubeStreamEvent,
} from '@act/contracts';
import {
  Button,
  canAfford,
  ResultPanel,
  RunError,
  runButton,
  Select,
  useRunAnnouncer,
  useStreamedReply,
  type SelectOption,
  type ToolPageProps,
} from '@act/host-sdk';
import { Markdown } from '@act/host-sdk/markdown';
import { downloadTranscript, getTranscript, summarizeRequest } from '../api/youtube-api';
import { AskPanel } from '../components/ask-panel';
import { ChaptersCard } from '../components/chapters-card';
import { keyMomentLinks } from '../components/key-moments';
import { TranscriptCard } from '../components/transcript-card';
import { UrlForm } from '../components/url-form';
import { useLinkField } from '../link-check';
import './summarizer-page.css';
import '../components/url-form.css';

const T = UI_TEXTS.youtube;

/** The summary language choice: the video's own (no `language` sent), or one of the contracts' languages. */
const SAME_AS_VIDEO = 'same-as-video';
type SummaryLanguage = Language | typeof SAME_AS_VIDEO;
const LANGUAGE_OPTIONS: readonly SelectOption<SummaryLanguage>[] = [
  { value: SAME_AS_VIDEO, label: T.sameLanguageAsVideo },
  ...LANGUAGES.map((language) => ({ value: language, label: OUTPUT_LANGUAGE_TEXTS[language] })),
];

interface SummaryState {
  videoId: string | null;
  videoInfo: VideoInfo | null;
  /** From `start`: what the summary is based on (a transcript to show, or only the description). */
  source: SummarySource | null;
  /** From `start`: made on the server without an AI provider (so questions cannot be answered either). */
  local: boolean;
  text: string;
  /** From `done`: the saved summary questions are asked on. */
  sessionId: string | null;
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
    source: null,
    local: false,
    text: '',
    sessionId: null,
    chapters: null,
    error: null,
  };
  for (const event of events) {
    if (event.type === 'start') {
      state.videoId = event.videoId;
      state.videoInfo = event.videoInfo;
      state.source = event.source;
      state.local = event.local;
    } else if (event.type === 'delta') {
      state.text += event.text;
    } else if (event.type === 'done') {
      state.text = event.summary;
      state.videoInfo = event.videoInfo;
      state.chapters = event.chapters;
      state.sessionId = event.sessionId;
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
  const [submittedUrl, setSubmittedUrl] = useState<string | null>(null);
  const transcript = useTranscript(host.api, submittedUrl);
  const announcer = useRunAnnouncer();
  const reply = useStreamedReply(host.api, YOUTUBE_ENDPOINTS.summarize, {
    onCreditsChange: host.onCreditsChange,
    // The summary grows on screen without being read piece by piece; its end is said once.
    onEvent: (event) => {
      if (event.type === 'done') announcer.finished();
    },
  });
  const busy = reply.streaming;
  const summary = summaryFromEvents(reply.events);
  const videoId = summary.videoId ?? submittedId;
  const error = reply.error?.message ?? summary.error;
  const hasTranscript = summary.source === 'transcript';
  const { load: loadTranscript } = transcript;
  useEffect(() => {
    if (hasTranscript) loadTranscript();
  }, [hasTranscript, loadTranscript]);
  const linkText = useMemo(() => (videoId ? keyMomentLinks(videoId) : undefined), [videoId]);
  const hasAnything = link.url !== '' || reply.events.length > 0 || error !== null || link.error !== null;

  const submit = (value: string) => {
    if (!link.accept(value)) return;
    setSubmittedId(parseYoutubeVideoId(value));
    setSubmittedUrl(value);
    void reply.start(summarizeRequest(value, language === SAME_AS_VIDEO ? undefined : language));
  };

  const clearAll = () => {
    reply.reset();
    link.clear();
    setSubmittedId(null);
    setSubmittedUrl(null);
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
          button={runButton({
            busy,
            // 'Insufficient Credits' only once there is a link to summarize.
            affordable: link.url.trim() === '' || canAfford(host, 'youtube-summarizer'),
            ready: T.summarize,
            blocked: link.url.trim() === '',
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
        {hasTranscript && summary.sessionId && (
          <AskPanel
            key={summary.sessionId}
            host={host}
            sessionId={summary.sessionId}
            available={!summary.local}
          />
        )}
        {hasTranscript && transcript.reply && videoId && (
          <TranscriptCard
            transcript={transcript.reply}
            downloading={transcript.downloading}
            downloadError={transcript.downloadError}
            onDownload={(format) => transcript.download(videoId, format)}
          />
        )}
        {hasTranscript && transcript.error && <p className="act-hint">{transcript.error}</p>}
      </div>
    </div>
  );
}

/**
 * The transcript of the submitted link, loaded once the summary says it has one (free): its lines, a load error in the
 * server's words, and downloads. A new link (or Clear All) forgets the last one.
 */
function useTranscript(api: ToolPageProps['host']['api'], videoUrl: string | null) {
  const [reply, setReply] = useState<TranscriptReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [requested, setRequested] = useState<string | null>(null);

  useEffect(() => {
    setReply(null);
    setError(null);
    setDownloadError(null);
    setRequested(null);
  }, [videoUrl]);

  useEffect(() => {
    if (!requested) return;
    let current = true;
    getTranscript(api, requested).then(
      (loaded) => current && setReply(loaded),
      (failure: unknown) =>
        current &&
        setError(failure instanceof Error ? failure.message : failureTextOf(YOUTUBE_ENDPOINTS.transcript)),
    );
    return () => {
      current = false;
    };
  }, [api, requested]);

  const load = useCallback(() => setRequested(videoUrl), [videoUrl]);

  const download = (videoId: string, format: Exclude<TranscriptFormat, 'json'>) => {
    if (!videoUrl) return;
    setDownloading(true);
    setDownloadError(null);
    downloadTranscript(api, videoUrl, videoId, format)
      .catch((failure: unknown) =>
        setDownloadError(failure instanceof Error ? failure.message : ERROR_TEXTS.youtube.downloadTranscript),
      )
      .finally(() => setDownloading(false));
  };

  return { reply, error, downloading, downloadError, load, download };
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
