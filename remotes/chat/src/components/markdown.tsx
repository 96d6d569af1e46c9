// A model's reply as Markdown (GitHub flavour: tables, lists, strikethrough, autolinks), rendered to React elements by
// react-markdown. Model text is never treated as HTML: raw HTML in it shows as text (react-markdown turns raw nodes
// into text unless rehype-raw is added, which it is not), link URLs pass react-markdown's URL filter (no
// `javascript:`), and images become plain links so a reply cannot make the browser fetch anything by itself. A reply
// with numbered sources has its `[n]` markers turned into links to the n-th source (outside code, where `[1]` is code).
import { memo, useDeferredValue, useMemo, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Element, ElementContent } from 'hast';
import { UI_TEXTS, type Citation } from '@act/contracts';
import { CodeBlock } from './code-block';

const REMARK_PLUGINS = [remarkGfm];

/** The few Markdown (mdast) node shapes the citation plugin reads and writes. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, string> };
}

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

/** Splits one text node at its `[n]` markers, each known n becoming a link to that source. */
function linkMarkers(text: string, citations: readonly Citation[]): MdNode[] {
  const nodes: MdNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    const number = Number(match[1]);
    const citation = citations[number - 1];
    if (!citation) continue;
    if (match.index > last) nodes.push({ type: 'text', value: text.slice(last, match.index) });
    nodes.push({
      type: 'link',
      url: citation.url,
      children: [{ type: 'text', value: `[${number}]` }],
      data: {
        hProperties: {
          className: 'ch-cite',
          'aria-label': UI_TEXTS.chat.sourceLink(number, sourceName(citation)),
        },
      },
    });
    last = match.index + match[0].length;
  }
  if (last === 0) return [{ type: 'text', value: text }];
  if (last < text.length) nodes.push({ type: 'text', value: text.slice(last) });
  return nodes;
}

/** A remark plugin that links `[n]` in text (not in code, not inside a link) to the n-th citation. */
function remarkCitations(citations: readonly Citation[]) {
  const visit = (node: MdNode) => {
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
    node.children = node.children.flatMap((child) =>
      child.type === 'text' && child.value ? linkMarkers(child.value, citations) : (visit(child), [child]),
    );
  };
  return () => (tree: MdNode) => visit(tree);
}

/** The text of a hast subtree (the code inside a fenced block). */
function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

/** 'language-ts' in a code element's class list → 'ts'. */
function languageOf(code: Element | undefined): string | null {
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const tag = list.map(String).find((name) => name.startsWith('language-'));
  return tag ? tag.slice('language-'.length) : null;
}

const COMPONENTS: Components = {
  // A fenced or indented code block: <pre><code class="language-x">…</code></pre>.
  pre({ node }) {
    const code = node?.children.find(
      (child): child is Element => child.type === 'element' && child.tagName === 'code',
    );
    const text = code ? textOf(code).replace(/\n$/, '') : '';
    return <CodeBlock code={text} language={languageOf(code)} />;
  },
  a({ href, children, className, 'aria-label': label }: ComponentPropsWithoutRef<'a'>) {
    return (
      <a
        href={href}
        className={className}
        aria-label={label}
        target="_blank"
        rel="noopener noreferrer nofollow"
      >
        {children}
      </a>
    );
  },
  img({ src, alt }: ComponentPropsWithoutRef<'img'>) {
    const label: ReactNode = alt || (typeof src === 'string' ? src : '');
    if (typeof src !== 'string' || src === '') return <span>{label}</span>;
    return (
      <a href={src} target="_blank" rel="noopener noreferrer nofollow">
        {label}
      </a>
    );
  },
  table({ children }: ComponentPropsWithoutRef<'table'>) {
    return (
      <div className="ch-md__table">
        <table>{children}</table>
      </div>
    );
  },
};

export interface MarkdownProps {
  text: string;
  /** The reply's numbered sources: `[n]` in the text links to the n-th. */
  citations?: readonly Citation[];
}

/**
 * Memoised: a streaming column re-renders only when its own text changed. The text is deferred, so while four
 * columns grow fast React may skip parsing intermediate versions and the page stays responsive to typing and Stop.
 */
export const Markdown = memo(function Markdown({ text, citations }: MarkdownProps) {
  const shown = useDeferredValue(text);
  const plugins = useMemo(
    () => (citations?.length ? [remarkGfm, remarkCitations(citations)] : REMARK_PLUGINS),
    [citations],
  );
  return (
    <div className="ch-md">
      <ReactMarkdown remarkPlugins={plugins} components={COMPONENTS}>
        {shown}
      </ReactMarkdown>
    </div>
  );
});
