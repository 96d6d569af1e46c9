// A summary's chapters under it (docs/product-rules.md#youtube-chapters): each a timestamp opening the video at that
// moment, a title, a one-line gist and a button copying the moment's link; a note says where they come from.
import { useId, useState } from 'react';
import { Check, Link2 } from 'lucide-react';
import { UI_TEXTS, type VideoChapters } from '@act/contracts';
import { Button, useCopy } from '@act/host-sdk';
import './chapters-card.css';

const T = UI_TEXTS.youtube;

/** 75 → '1:15'; 3723 → '1:02:03'. */
export function chapterTime(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = String(totalSeconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function ChaptersCard({ chapters }: { chapters: VideoChapters }) {
  const headingId = useId();
  const { copied, error, copy } = useCopy();
  const [copiedIndex, setCopiedIndex] = useState<number | null>(null);
  if (chapters.items.length === 0) return null;
  return (
    <section className="act-card yt-chapters" aria-labelledby={headingId}>
      <h2 id={headingId} className="yt-chapters__title">
        {T.chaptersTitle}
      </h2>
      <p className="yt-chapters__note">{T.chapterSourceNote[chapters.source]}</p>
      <ol className="yt-chapters__list">
        {chapters.items.map((chapter, index) => {
          const time = chapterTime(chapter.startSeconds);
          const isCopied = copied && copiedIndex === index;
          return (
            <li key={`${chapter.startSeconds}-${index}`} className="yt-chapters__item">
              <a
                className="yt-moment yt-chapters__time"
                href={chapter.url}
                target="_blank"
                rel="noreferrer noopener"
                aria-label={T.keyMomentLabel(time)}
              >
                {time}
              </a>
              <div className="yt-chapters__text">
                <span className="yt-chapters__name">{chapter.title}</span>
                {chapter.gist && <span className="yt-chapters__gist">{chapter.gist}</span>}
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={isCopied ? T.chapterLinkCopied : T.copyChapterLink(time)}
                onClick={() => {
                  setCopiedIndex(index);
                  void copy(chapter.url);
                }}
              >
                {isCopied ? <Check size={16} aria-hidden /> : <Link2 size={16} aria-hidden />}
              </Button>
            </li>
          );
        })}
      </ol>
      <p className="act-sr-only" aria-live="polite">
        {copied ? T.chapterLinkCopied : ''}
      </p>
      {error && (
        <p className="act-error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
