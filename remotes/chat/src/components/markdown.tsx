// A model's reply as Markdown: the host's one renderer (safe settings: no raw HTML, safe links, images as links) with
// chat's highlighted code blocks, and a reply with numbered sources has its `[n]` markers turned into links to the
// n-th source (outside code, where `[1]` is code).
import { memo, useMemo } from 'react';
import { UI_TEXTS, type Citation } from '@act/contracts';
import { Markdown as HostMarkdown, type TextLink, type TextLinker } from '@act/host-sdk/markdown';
import { CodeBlock } from './code-block';
import './markdown.css';

const MARKER = /\[(\d{1,3})\]/g;

/** The source a citation link names: its title, else the page's host. */
export function sourceName(citation: Citation): string {
  if (citation.title?.trim()) return citation.title.trim();
  try {
    return new URL(citation.url).hostname;
  } catch {
    return citation.url;
  }
}

/** Splits a text at its `[n]` markers, each known n becoming a link to that source. */
export function citationLinks(citations: readonly Citation[]): TextLinker {
  return (text) => {
    const parts: Array<string | TextLink> = [];
    let last = 0;
    for (const match of text.matchAll(MARKER)) {
      const number = Number(match[1]);
      const citation = citations[number - 1];
      if (!citation) continue;
      if (match.index > last) parts.push(text.slice(last, match.index));
      parts.push({
        text: `[${number}]`,
        href: citation.url,
        label: UI_TEXTS.chat.sourceLink(number, sourceName(citation)),
        className: 'ch-cite',
      });
      last = match.index + match[0].length;
    }
    if (last < text.length) parts.push(text.slice(last));
    return parts;
  };
}

export interface MarkdownProps {
  text: string;
  /** The reply's numbered sources: `[n]` in the text links to the n-th. */
  citations?: readonly Citation[];
}

export const Markdown = memo(function Markdown({ text, citations }: MarkdownProps) {
  const linkText = useMemo(() => (citations?.length ? citationLinks(citations) : undefined), [citations]);
  return <HostMarkdown text={text} className="ch-md" linkText={linkText} codeBlock={CodeBlock} />;
});
