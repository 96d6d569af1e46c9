// A moment of a video, as chapters and "Ask this video" answers show it: its time as a link opening the video there,
// and an icon button copying that link (docs/product-rules.md#youtube-chapters).
import { Check, Link2 } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button } from '@act/host-sdk';

const T = UI_TEXTS.youtube;

/** 75 → '1:15'; 3723 → '1:02:03'. */
export function chapterTime(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = String(totalSeconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The moment's time, opening the video at it in a new tab. */
export function MomentLink({
  url,
  seconds,
  className,
}: {
  url: string;
  seconds: number;
  className?: string;
}) {
  const time = chapterTime(seconds);
  return (
    <a
      className={className ? `yt-moment ${className}` : 'yt-moment'}
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={T.keyMomentLabel(time)}
    >
      {time}
    </a>
  );
}

/** Copies the moment's link; `copied` shows the check (the list's one live region says it). */
export function CopyMomentButton({
  label,
  copied,
  onCopy,
}: {
  label: string;
  copied: boolean;
  onCopy: () => void;
}) {
  return (
    <Button variant="ghost" size="sm" aria-label={copied ? T.chapterLinkCopied : label} onClick={onCopy}>
      {copied ? <Check size={16} aria-hidden /> : <Link2 size={16} aria-hidden />}
    </Button>
  );
}
