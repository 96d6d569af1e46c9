// The one Markdown renderer for provider text (chat replies, prompt results, video summaries): GitHub flavour
// (tables, lists, strikethrough, autolinks) rendered to React elements by react-markdown, with safe settings. Text is
// never treated as HTML: raw HTML in it shows as text (no rehype-raw), link URLs pass react-markdown's URL filter (no
// `javascript:`), every link opens in a new tab without access to this page, and images become plain links so a
// reply cannot make the browser fetch anything by itself. A caller can turn parts of the text into links (chat's `[n]`
// sources through `markerLinks`, a summary's timestamps), outside code and existing links, and render code blocks its
// own way. Rich answers (docs/product-rules.md#rich-answers): maths by KaTeX (math.ts, loaded when a `$` appears),
// `mermaid` blocks as diagrams and `html`/`svg` blocks as sandboxed artifacts; `staticFile` renders for a saved file
// (maths as MathML, every code block as code).
import {
  createContext,
  memo,
  useContext,
  useDeferredValue,
  useMemo,
  type ComponentPropsWithoutRef,
  type ComponentType,
  type ReactNode,
} from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import type { Element, ElementContent } from 'hast';
import { ARTIFACT_LANGUAGES, type ArtifactLanguage } from '@act/contracts';
import { ArtifactBlock } from './artifact-block';
import { useMath } from './math';
import { MermaidDiagram } from './mermaid-diagram';

export { markerLinks, type MarkerLinkOptions } from './marker-links';
export { loadMath } from './math';

/** A link made from part of the text. */
export interface TextLink {
  /** The words shown, exactly as they were in the text. */
  text: string;
  href: string;
  /** The link's accessible name. */
  label: string;
  className?: string;
}

/**
 * Splits one run of text (never code, never inside a link) into plain text and links; returning the text alone leaves
 * it as it was. Pass a stable function (module constant or useMemo): a new one re-parses the text.
 */
export type TextLinker = (text: string) => ReadonlyArray<string | TextLink>;

export interface CodeBlockProps {
  code: string;
  /** The fence's language ('ts' of ```ts), or null. */
  language: string | null;
}

export interface MarkdownProps {
  text: string;
  /** The wrapper's class (the page's typography). */
  className?: string;
  /** Turns parts of the text into links. */
  linkText?: TextLinker;
  /** Renders a fenced or indented code block; a plain <pre><code> by default. */
  codeBlock?: ComponentType<CodeBlockProps>;
  /** A single line break in the text is a line break on screen (summaries written line by line); off by default. */
  lineBreaks?: boolean;
  /** The text is still being written: artifacts show their code and diagrams wait until it is done. */
  streaming?: boolean;
  /**
   * Rendered for a saved file (react-dom/server): maths as MathML (no KaTeX CSS needed), diagrams and artifacts as
   * their code. Call `loadMath()` first, or the maths stays as written.
   */
  staticFile?: boolean;
}

/** The few Markdown (mdast) node shapes the link plugin reads and writes. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
  data?: { hProperties?: Record<string, string> };
}

function linkNodes(text: string, linkText: TextLinker): MdNode[] {
  return linkText(text).map((part) =>
    typeof part === 'string'
      ? { type: 'text', value: part }
      : {
          type: 'link',
          url: part.href,
          children: [{ type: 'text', value: part.text }],
          data: {
            hProperties: {
              'aria-label': part.label,
              ...(part.className ? { className: part.className } : {}),
            },
          },
        },
  );
}

/** A remark plugin applying `linkText` to every text node outside links (code is never a text node). */
function remarkTextLinks(linkText: TextLinker) {
  const visit = (node: MdNode) => {
    if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
    node.children = node.children.flatMap((child) =>
      child.type === 'text' && child.value ? linkNodes(child.value, linkText) : (visit(child), [child]),
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

function PlainCodeBlock({ code, language }: CodeBlockProps) {
  return (
    <pre>
      <code className={language ? `language-${language}` : undefined}>{code}</code>
    </pre>
  );
}

function SafeLink({ href, children, className, 'aria-label': label }: ComponentPropsWithoutRef<'a'>) {
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
}

function ImageAsLink({ src, alt }: ComponentPropsWithoutRef<'img'>) {
  const label: ReactNode = alt || (typeof src === 'string' ? src : '');
  if (typeof src !== 'string' || src === '') return <span>{label}</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow">
      {label}
    </a>
  );
}

function Table({ children }: ComponentPropsWithoutRef<'table'>) {
  return (
    <div className="act-md__table">
      <table>{children}</table>
    </div>
  );
}

const isArtifact = (language: string | null): language is ArtifactLanguage =>
  (ARTIFACT_LANGUAGES as readonly (string | null)[]).includes(language);

interface BlockMode {
  streaming: boolean;
  staticFile: boolean;
}

// Through context, not the components: new components would remount every block (and forget an artifact's chosen
// tab) when the answer finishes.
const BlockModeContext = createContext<BlockMode>({ streaming: false, staticFile: false });

function componentsFor(CodeBlock: ComponentType<CodeBlockProps>): Components {
  return {
    // A fenced or indented code block: <pre><code class="language-x">…</code></pre>.
    pre: function Pre({ node }) {
      const { streaming, staticFile } = useContext(BlockModeContext);
      const code = node?.children.find(
        (child): child is Element => child.type === 'element' && child.tagName === 'code',
      );
      const text = code ? textOf(code).replace(/\n$/, '') : '';
      const language = languageOf(code);
      const name = language?.toLowerCase() ?? null;
      if (!staticFile && name === 'mermaid') {
        return <MermaidDiagram code={text} streaming={streaming} codeView={CodeBlock} />;
      }
      if (!staticFile && isArtifact(name)) {
        return <ArtifactBlock code={text} language={name} streaming={streaming} codeView={CodeBlock} />;
      }
      return <CodeBlock code={text} language={language} />;
    },
    a: SafeLink,
    img: ImageAsLink,
    table: Table,
  };
}

const PLAIN_COMPONENTS = componentsFor(PlainCodeBlock);

/**
 * Memoised: a streaming reply re-renders only when its own text changed. The text is deferred, so while replies grow
 * fast React may skip parsing intermediate versions and the page stays responsive to typing and Stop.
 */
export const Markdown = memo(function Markdown({
  text,
  className,
  linkText,
  codeBlock,
  lineBreaks = false,
  streaming = false,
  staticFile = false,
}: MarkdownProps) {
  const shown = useDeferredValue(text);
  const math = useMath(shown);
  const plugins = useMemo(
    () => [
      remarkGfm,
      ...(math?.remark ?? []),
      ...(lineBreaks ? [remarkBreaks] : []),
      ...(linkText ? [remarkTextLinks(linkText)] : []),
    ],
    [lineBreaks, linkText, math],
  );
  const rehypePlugins = useMemo(
    () => (staticFile ? math?.rehypeStatic : math?.rehype) ?? [],
    [math, staticFile],
  );
  const components = useMemo(() => (codeBlock ? componentsFor(codeBlock) : PLAIN_COMPONENTS), [codeBlock]);
  const mode = useMemo(() => ({ streaming, staticFile }), [streaming, staticFile]);
  return (
    <div className={className ? `act-md ${className}` : 'act-md'}>
      <BlockModeContext.Provider value={mode}>
        <ReactMarkdown remarkPlugins={plugins} rehypePlugins={rehypePlugins} components={components}>
          {shown}
        </ReactMarkdown>
      </BlockModeContext.Provider>
    </div>
  );
});
