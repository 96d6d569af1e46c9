// A summary's chapters under it (docs/product-rules.md#youtube-chapters): each a timestamp opening the video at that
// moment, a title, a one-line gist and a button copying the moment's link; a note says where they come from.
import { useId, useState } from 'react';
import { UI_TEXTS, type VideoChapters } from '@act/contracts';
import { useCopy } from '@act/host-sdk';
import { chapterTime, CopyMomentButton, MomentLink } from './moment-link';
import './chapters-card.css';

const T = UI_TEXTS.youtube;

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
          return (
            <li key={`${chapter.startSeconds}-${index}`} className="yt-chapters__item">
              <MomentLink url={chapter.url} seconds={chapter.startSeconds} className="yt-chapters__time" />
              <div className="yt-chapters__text">
                <span className="yt-chapters__name">{chapter.title}</span>
                {chapter.gist && <span className="yt-chapters__gist">{chapter.gist}</span>}
              </div>
              <CopyMomentButton
                label={T.copyChapterLink(chapterTime(chapter.startSeconds))}
                copied={copied && copiedIndex === index}
                onCopy={() => {
                  setCopiedIndex(index);
                  void copy(chapter.url);
                }}
              />
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
