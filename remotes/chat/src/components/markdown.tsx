// A model's reply as Markdown: the host's one renderer (safe settings: no raw HTML, safe links, images as links) with
// chat's highlighted code blocks, and a reply with numbered sources has its `[n]` markers turned into links to the
// n-th source (outside code, where `[1]` is code).
import { memo, useMemo } from 'react';
import { UI_TEXTS, type Citation } from '@act/contracts';
import { Markdown as HostMarkdown, markerLinks, type TextLinker } from '@act/host-sdk/markdown';
import { CodeBlock } from './code-block';
import './markdown.css';

/** The source a citation link names: its title, else the page's host. */
export function sourceName(citation: Citation): string {
  if (citation.title?.trim()) return citation.title.trim();
  try {
    return new URL(citation.url).hostname;
  } catch {
    return citation.url;
  }
}

/** A reply's `[n]` markers as links to the n-th source. */
export function citationLinks(citations: readonly Citation[]): TextLinker {
  return markerLinks(citations, {
    hrefOf: (citation) => citation.url,
    labelOf: (citation, n) => UI_TEXTS.chat.sourceLink(n, sourceName(citation)),
    className: 'ch-cite',
  });
}

export interface MarkdownProps {
  text: string;
  /** The reply's numbered sources: `[n]` in the text links to the n-th. */
  citations?: readonly Citation[];
  /** Still being written: artifacts show their code, diagrams wait (docs/product-rules.md#rich-answers). */
  streaming?: boolean;
}

export const Markdown = memo(function Markdown({ text, citations, streaming }: MarkdownProps) {
  const linkText = useMemo(() => (citations?.length ? citationLinks(citations) : undefined), [citations]);
  return (
    <HostMarkdown
      text={text}
      className="ch-md"
      linkText={linkText}
      codeBlock={CodeBlock}
      streaming={streaming}
    />
  );
});
