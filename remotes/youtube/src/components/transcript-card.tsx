// The video's transcript under the summary (docs/product-rules.md#youtube-transcript): collapsed until opened,
// searchable (the lines containing the words typed), each line's timestamp opening the video there, and downloads as
// .txt and .srt. Free, and in the transcript's own language whatever the summary language.
import { useDeferredValue, useState } from 'react';
import { Download } from 'lucide-react';
import { UI_TEXTS, youtubeMomentUrl, type TranscriptFormat, type TranscriptReply } from '@act/contracts';
import { Button, TextField } from '@act/host-sdk';
import { chapterTime } from './moment-link';
import './transcript-card.css';

const T = UI_TEXTS.youtube;

/** The lines containing every word of the search, case and accents aside. */
export function matchingLines(lines: TranscriptReply['lines'], search: string): TranscriptReply['lines'] {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const terms = fold(search).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return lines;
  return lines.filter((line) => {
    const text = fold(line.text);
    return terms.every((term) => text.includes(term));
  });
}

export interface TranscriptCardProps {
  transcript: TranscriptReply;
  onDownload(format: Exclude<TranscriptFormat, 'json'>): void;
  downloading: boolean;
  downloadError: string | null;
}

export function TranscriptCard({ transcript, onDownload, downloading, downloadError }: TranscriptCardProps) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const shown = matchingLines(transcript.lines, deferred);
  return (
    <section className="act-card yt-transcript" aria-label={T.transcriptTitle}>
      <details className="yt-transcript__details">
        <summary className="yt-transcript__summary">{T.transcriptTitle}</summary>
        <div className="yt-transcript__tools">
          <TextField
            label={T.transcriptSearchLabel}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            hint={T.transcriptMatches(shown.length, transcript.lines.length)}
          />
        </div>
        {shown.length === 0 ? (
          <p className="yt-transcript__empty">{T.transcriptNoMatch}</p>
        ) : (
          // A long transcript scrolls: focusable so keyboard users can scroll it too.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          <ol className="yt-transcript__lines" lang={transcript.language} tabIndex={0}>
            {shown.map((line, index) => {
              const time = chapterTime(Math.floor(line.startMs / 1000));
              return (
                <li key={`${line.startMs}-${index}`} className="yt-transcript__line">
                  <a
                    className="yt-moment"
                    href={youtubeMomentUrl(transcript.videoId, line.startMs / 1000)}
                    target="_blank"
                    rel="noreferrer noopener"
                    aria-label={T.keyMomentLabel(time)}
                  >
                    {time}
                  </a>
                  <span>{line.text}</span>
                </li>
              );
            })}
          </ol>
        )}
      </details>
      <div className="yt-transcript__downloads">
        {(['txt', 'srt'] as const).map((format) => (
          <Button
            key={format}
            variant="outline"
            size="sm"
            disabled={downloading}
            onClick={() => onDownload(format)}
          >
            <Download size={16} aria-hidden />
            {T.downloadTranscript(format)}
          </Button>
        ))}
      </div>
      {downloadError && (
        <p className="act-error-text" role="alert">
          {downloadError}
        </p>
      )}
    </section>
  );
}
