// One answered question of "Ask this video" (docs/product-rules.md#youtube-ask): the question, the answer with its
// `[n]` markers as links to the moments they cite, then those moments: each a timestamp opening the video there, the
// transcript passage it points at, and a button copying its link.
import { useMemo, useState } from 'react';
import { UI_TEXTS, type VideoAnswer, type VideoCitation } from '@act/contracts';
import { useCopy } from '@act/host-sdk';
import { Markdown, markerLinks, type TextLinker } from '@act/host-sdk/markdown';
import { chapterTime, CopyMomentButton, MomentLink } from './moment-link';

const T = UI_TEXTS.youtube;

/** The answer's `[n]` markers as links to the n-th cited moment; a marker citing nothing stays text. */
export function citationLinks(citations: readonly VideoCitation[]): TextLinker {
  return markerLinks(citations, {
    hrefOf: (citation) => citation.url,
    labelOf: (citation) => T.keyMomentLabel(chapterTime(citation.start)),
    numberOf: (citation) => citation.n,
    className: 'yt-moment',
  });
}

export function VideoAnswerItem({ answer }: { answer: VideoAnswer }) {
  const linkText = useMemo(() => citationLinks(answer.citations), [answer.citations]);
  const { copied, error, copy } = useCopy();
  const [copiedN, setCopiedN] = useState<number | null>(null);
  return (
    <li className="yt-ask__item">
      <p className="yt-ask__question">{answer.question}</p>
      <Markdown text={answer.answer} className="yt-ask__answer" linkText={linkText} />
      {answer.citations.length > 0 && (
        <>
          <p className="yt-ask__cited">{T.citedMoments}</p>
          <ol className="yt-ask__moments">
            {answer.citations.map((citation) => {
              return (
                <li key={citation.n} className="yt-ask__moment">
                  <span className="yt-ask__n" aria-hidden>
                    [{citation.n}]
                  </span>
                  <MomentLink url={citation.url} seconds={citation.start} />
                  <q className="yt-ask__quote">{citation.quote}</q>
                  <CopyMomentButton
                    label={T.copyMomentLink(chapterTime(citation.start))}
                    copied={copied && copiedN === citation.n}
                    onCopy={() => {
                      setCopiedN(citation.n);
                      void copy(citation.url);
                    }}
                  />
                </li>
              );
            })}
          </ol>
        </>
      )}
      <p className="act-sr-only" aria-live="polite">
        {copied ? T.chapterLinkCopied : ''}
      </p>
      {error && (
        <p className="act-error-text" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
