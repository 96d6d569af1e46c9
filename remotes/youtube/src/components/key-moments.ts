// A summary's timestamps (1:23, 01:02:03, [4:05]) as links that open the video at that moment; the summary itself is
// rendered by the host's Markdown, which applies these links outside code and existing links.
import { UI_TEXTS } from '@act/contracts';
import type { TextLink, TextLinker } from '@act/host-sdk/markdown';

const TIMESTAMP = /\b(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)\b/g;

/** Seconds into the video of a timestamp such as '1:23' or '1:02:03'. */
export function timestampSeconds(hours: string | undefined, minutes: string, seconds: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

export function keyMomentUrl(videoId: string, seconds: number): string {
  return `https://www.youtube.com/watch?${new URLSearchParams({ v: videoId, t: `${seconds}s` }).toString()}`;
}

/** Splits a text at its timestamps, each a link into the video. */
export function keyMomentLinks(videoId: string): TextLinker {
  return (text) => {
    const parts: Array<string | TextLink> = [];
    let last = 0;
    for (const match of text.matchAll(TIMESTAMP)) {
      const [found, hours, minutes, seconds] = match;
      if (match.index > last) parts.push(text.slice(last, match.index));
      parts.push({
        text: found,
        href: keyMomentUrl(videoId, timestampSeconds(hours, minutes!, seconds!)),
        label: UI_TEXTS.youtube.keyMomentLabel(found),
        className: 'yt-moment',
      });
      last = match.index + found.length;
    }
    if (last < text.length) parts.push(text.slice(last));
    return parts;
  };
}
