// A model's reply as Markdown (GitHub flavour: tables, lists, strikethrough, autolinks), rendered to React elements by
// react-markdown. Model text is never treated as HTML: raw HTML in it shows as text (react-markdown turns raw nodes
// into text unless rehype-raw is added, which it is not), link URLs pass react-markdown's URL filter (no
// `javascript:`), and images become plain links so a reply cannot make the browser fetch anything by itself.
import { memo, useDeferredValue, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import type { Element, ElementContent } from 'hast';
import { CodeBlock } from './code-block';

const REMARK_PLUGINS = [remarkGfm];

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
  a({ href, children }: ComponentPropsWithoutRef<'a'>) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
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
}

/**
 * Memoised: a streaming column re-renders only when its own text changed. The text is deferred, so while four
 * columns grow fast React may skip parsing intermediate versions and the page stays responsive to typing and Stop.
 */
export const Markdown = memo(function Markdown({ text }: MarkdownProps) {
  const shown = useDeferredValue(text);
  return (
    <div className="ch-md">
      <ReactMarkdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
        {shown}
      </ReactMarkdown>
    </div>
  );
});
