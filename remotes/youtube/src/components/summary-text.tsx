// A summary as the member reads it: paragraphs and list lines as written, **bold** as bold, each timestamp (1:23,
// 01:02:03, [4:05]) a link that opens the video at that moment.
import { Fragment, type ReactNode } from 'react';
import { UI_TEXTS } from '@act/contracts';

const TIMESTAMP = /\b(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)\b/g;

/** Seconds into the video of a timestamp such as '1:23' or '1:02:03'. */
export function timestampSeconds(hours: string | undefined, minutes: string, seconds: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

export function keyMomentUrl(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?${new URLSearchParams({ v: videoId, t: `${seconds}s` }).toString()}`;
}

/** A line with its **bold** parts in <strong> and its timestamps as links. */
function renderLine(line: string, videoId: string | null): ReactNode[] {
  return line
    .split(/\*\*(.+?)\*\*/g)
    .map((part, i) =>
      i % 2 === 1 ? (
        <strong key={i}>{linkTimestamps(part, videoId)}</strong>
      ) : (
        <Fragment key={i}>{linkTimestamps(part, videoId)}</Fragment>
      ),
    );
}

function linkTimestamps(line: string, videoId: string | null): ReactNode[] {
  if (!videoId) return [line];
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(TIMESTAMP)) {
    const [text, hours, minutes, seconds] = match;
    const index = match.index;
    if (index > last) parts.push(line.slice(last, index));
    parts.push(
      <a
        key={index}
        className="yt-moment"
        href={keyMomentUrl(videoId, timestampSeconds(hours, minutes!, seconds!))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={UI_TEXTS.youtube.keyMomentLabel(text)}
      >
        {text}
      </a>,
    );
    last = index + text.length;
  }
  if (last < line.length) parts.push(line.slice(last));
  return parts;
}

export function SummaryText({ text, videoId }: { text: string; videoId: string | null }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim() !== '');
  return (
    <div className="yt-summary">
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="yt-summary__paragraph">
          {paragraph.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {renderLine(line, videoId)}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
