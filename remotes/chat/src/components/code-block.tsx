// A fenced code block of a reply: the language name, a Copy button, and syntax highlighting by lowlight
// (highlight.js grammars) for the languages chat answers use most. lowlight returns a tree of spans with class names
// and text, which is turned into React elements here: the code stays text, never HTML.
import { memo, useMemo, type ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { createLowlight } from 'lowlight';
import type { Root, RootContent } from 'hast';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { UI_TEXTS } from '@act/contracts';
import { useCopy } from '@act/host-sdk';
import type { CodeBlockProps } from '@act/host-sdk/markdown';
import './code-block.css';

// Each grammar registers its aliases too (js, ts, py, sh, html, yml, …).
const lowlight = createLowlight({
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  sql,
  swift,
  typescript,
  xml,
  yaml,
});

/** Longest block highlighted; a longer one (a pasted log) is shown as plain text. */
const HIGHLIGHT_MAX_CHARS = 20_000;

function toReact(nodes: RootContent[], keyPrefix = ''): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}${index}`;
    if (node.type === 'text') return node.value;
    if (node.type !== 'element') return null;
    const classes = node.properties.className;
    const className = Array.isArray(classes) ? classes.map(String).join(' ') : undefined;
    return (
      <span key={key} className={className}>
        {toReact(node.children, `${key}-`)}
      </span>
    );
  });
}

/** Highlighted React nodes for the code, or null when the language is unknown (or the block too long). */
export function highlightCode(code: string, language: string | null): ReactNode[] | null {
  if (!language || code.length > HIGHLIGHT_MAX_CHARS) return null;
  const name = language.toLowerCase();
  if (!lowlight.registered(name)) return null;
  try {
    const tree: Root = lowlight.highlight(name, code);
    return toReact(tree.children);
  } catch {
    return null;
  }
}

export const CodeBlock = memo(function CodeBlock({ code, language }: CodeBlockProps) {
  const { copied, copy } = useCopy();
  const highlighted = useMemo(() => highlightCode(code, language), [code, language]);
  const C = UI_TEXTS.common;
  return (
    <div className="ch-code">
      <div className="ch-code__bar">
        <span className="ch-code__lang">{language ?? 'code'}</span>
        <button
          type="button"
          className="ch-code__copy"
          aria-label={copied ? C.copied : `${C.copy} code`}
          onClick={() => void copy(code)}
        >
          {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
          {copied ? C.copied : C.copy}
        </button>
      </div>
      {/* Focusable: a long line scrolls sideways, and keyboard users must be able to scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="ch-code__pre" tabIndex={0}>
        <code className={highlighted ? `hljs language-${language ?? ''}` : undefined}>
          {highlighted ?? code}
        </code>
      </pre>
    </div>
  );
});
