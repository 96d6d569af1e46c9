// A `mermaid` code block drawn as a diagram (docs/product-rules.md#rich-answers). Mermaid is large, so it is loaded
// only when a block appears, once per page. It runs with securityLevel 'strict' (labels sanitised, no click
// callbacks, no HTML labels), and the SVG it draws is shown as an image (a data: URL in <img>): an image never runs a
// script, follows a link or handles an event, whatever the diagram's text says. A block Mermaid cannot read shows its
// code and a short error; the rest of the answer is untouched. While the answer is being written, the code is shown.
import { memo, useEffect, useState, type ComponentType } from 'react';
import type MermaidApi from 'mermaid';
import { RICH_ANSWER_TEXTS } from '@act/contracts';
import type { CodeBlockProps } from './markdown';
import './rich-answer.css';

const T = RICH_ANSWER_TEXTS.diagram;

type Mermaid = typeof MermaidApi;
let loading: Promise<Mermaid> | null = null;

/** Loads and sets up Mermaid once. */
export function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      theme: 'neutral',
    });
    return mermaid;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The SVG as well-formed XML in a data: URL (Mermaid's markup is HTML-ish; an image needs XML). */
export function svgDataUrl(svg: string): string {
  const parsed = new DOMParser().parseFromString(svg, 'text/html').querySelector('svg');
  const xml = parsed ? new XMLSerializer().serializeToString(parsed) : svg;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
}

/** First line of an error, short enough to show under the code. */
function shortError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n').find((part) => part.trim() !== '') ?? '';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

let nextId = 0;

type Drawn = { code: string; image: string } | { code: string; error: string };

export interface MermaidDiagramProps {
  code: string;
  streaming?: boolean;
  /** How the source is shown (the page's code block). */
  codeView: ComponentType<CodeBlockProps>;
}

export const MermaidDiagram = memo(function MermaidDiagram({
  code,
  streaming = false,
  codeView: CodeView,
}: MermaidDiagramProps) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    if (streaming) return;
    let live = true;
    const id = `act-mermaid-${++nextId}`;
    loadMermaid()
      .then((mermaid) => mermaid.render(id, code))
      .then(
        ({ svg }) => live && setDrawn({ code, image: svgDataUrl(svg) }),
        (error: unknown) => live && setDrawn({ code, error: shortError(error) }),
      )
      // Mermaid leaves its scratch element behind when a diagram fails.
      .finally(() => document.getElementById(`d${id}`)?.remove());
    return () => {
      live = false;
    };
  }, [code, streaming]);

  const current = drawn?.code === code ? drawn : null;
  if (current && 'image' in current) {
    return (
      <figure className="act-diagram" data-testid="answer-diagram">
        <img className="act-diagram__image" src={current.image} alt={T.alt} />
        <details className="act-diagram__source">
          <summary>{T.source}</summary>
          <CodeView code={code} language="mermaid" />
        </details>
      </figure>
    );
  }
  return (
    <div className="act-diagram act-diagram--code" aria-busy={!current && !streaming ? true : undefined}>
      <CodeView code={code} language="mermaid" />
      {current && 'error' in current && (
        <p className="act-diagram__error" role="note">
          {T.failed}
          {current.error ? `: ${current.error}` : '.'}
        </p>
      )}
    </div>
  );
});
