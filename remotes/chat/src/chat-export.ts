// A chat saved as a file (docs/product-rules.md#chat-export), built here from the conversation the page already
// shows (it is the member's own; no server call): as Markdown, and as one self-contained printable HTML page. Both
// keep the numbered citations as links to their pages, the reasoning collapsed (<details>), and the playground's four
// answers of a turn each under its model's name. In the HTML every text is escaped; the only markup is this file's
// own and what the host's safe Markdown renderer makes of a reply (no raw HTML, safe link URLs).
import { UI_TEXTS, isHttpUrl, type Citation } from '@act/contracts';
import type { Turn } from './reply-state';
import { sourceName } from './components/markdown';

const T = UI_TEXTS.chatExport;

/** One model's answer to a turn, as the export shows it. */
export interface ExportAnswer {
  /** Who wrote it: the model's (or tool's) name. */
  label: string;
  text: string;
  reasoning: string;
  citations: readonly Citation[];
  /** Why it failed or stopped, in the page's words; undefined for an answer that ended normally. */
  note?: string;
}

export interface ExportTurn {
  prompt: string;
  answers: ExportAnswer[];
}

export interface ExportedChat {
  title: string;
  /** The tool's name ("Chat Agent"). */
  tool: string;
  /** When it was exported. */
  date: Date;
  /** True on the playground: each turn's answers stand under headings, one per model. */
  columns: boolean;
  turns: ExportTurn[];
}

export interface ExportSource {
  title: string | null | undefined;
  tool: string;
  turns: readonly Turn[];
  /** The playground's model ids in column order; null for a single-reply screen. */
  columns: readonly string[] | null;
  /** The name shown above a reply (column: the playground's model id, or the single reply's key). */
  labelOf(column: string, turn: Turn): string;
  /** What the member's message reads as in the export (the web chat's opening turn: its page); the prompt otherwise. */
  promptOf?(turn: Turn, index: number): string;
  date?: Date;
}

/** The conversation as the export shows it: replies still being written are left as far as they got. */
export function exportedChat(source: ExportSource): ExportedChat {
  const opening = source.turns[0];
  const first = (opening ? (source.promptOf?.(opening, 0) ?? opening.prompt) : '')
    .replace(/\s+/g, ' ')
    .trim();
  const title = source.title?.trim() || first.slice(0, 80) || T.untitled;
  return {
    title,
    tool: source.tool,
    date: source.date ?? new Date(),
    columns: source.columns !== null,
    turns: source.turns.map((turn, index) => ({
      prompt: source.promptOf?.(turn, index) ?? turn.prompt,
      answers: (source.columns ?? Object.keys(turn.replies)).flatMap((column) => {
        const reply = turn.replies[column];
        if (!reply) return [];
        const note =
          reply.status === 'failed'
            ? reply.error
            : reply.status === 'stopped'
              ? (reply.error ?? T.stopped)
              : undefined;
        return [
          {
            label: source.labelOf(column, turn),
            text: reply.text,
            reasoning: reply.reasoning,
            citations: reply.citations,
            ...(note ? { note } : {}),
          },
        ];
      }),
    })),
  };
}

/** 2026-11-26 (UTC), the day in the file and its name. */
export function exportDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A file name from the title and day: lower-case letters, digits and dashes only ("why-is-the-sky-blue-2026-11-26.md"). */
export function exportFileName(title: string, date: Date, extension: 'md' | 'html'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'chat'}-${exportDay(date)}.${extension}`;
}

// ---- Markdown ----

/** A link target Markdown reads whole (no spaces, parentheses or angle brackets). */
function markdownUrl(url: string): string {
  return url.replace(
    /[\s()<>]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** Text inside a link's square brackets. */
function markdownLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, '\\$&');
}

/** Text placed inside an HTML block of the Markdown (the reasoning): entities, so it stays text. */
function entities(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;
const MARKER = /\[(\d{1,3})\](?!\()/g;

/** The answer's `[n]` markers (outside code, not already links) as links to the n-th source when it is a web page. */
export function linkCitationMarkers(text: string, citations: readonly Citation[]): string {
  if (citations.length === 0) return text;
  return text
    .split(CODE)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(MARKER, (marker, number: string) => {
            const citation = citations[Number(number) - 1];
            return citation && isHttpUrl(citation.url) ? `[${number}](${markdownUrl(citation.url)})` : marker;
          }),
    )
    .join('');
}

function markdownSources(citations: readonly Citation[]): string {
  const lines = citations.map((citation, index) => {
    const name = sourceName(citation);
    return isHttpUrl(citation.url)
      ? `${index + 1}. [${markdownLinkText(name)}](${markdownUrl(citation.url)})`
      : `${index + 1}. ${name}`;
  });
  return `${T.sources}:\n\n${lines.join('\n')}`;
}

function markdownAnswer(answer: ExportAnswer, columns: boolean): string {
  const parts = [columns ? `### ${answer.label}` : `**${answer.label}**`];
  if (answer.reasoning.trim()) {
    parts.push(
      `<details><summary>${T.reasoning}</summary>\n\n${entities(answer.reasoning.trim())}\n\n</details>`,
    );
  }
  if (answer.text.trim()) parts.push(linkCitationMarkers(answer.text.trim(), answer.citations));
  if (answer.citations.length > 0) parts.push(markdownSources(answer.citations));
  if (answer.note) parts.push(`_${answer.note}_`);
  return parts.join('\n\n');
}

/** The chat as Markdown: its title, tool and day, then each turn (**You**, then each answer), turns apart by rules. */
export function chatMarkdown(chat: ExportedChat): string {
  const head = `# ${chat.title}\n\n_${T.exportedOn(chat.tool, exportDay(chat.date))}_`;
  const turns = chat.turns.map((turn) =>
    [
      `**${T.you}**`,
      turn.prompt.trim(),
      ...turn.answers.map((answer) => markdownAnswer(answer, chat.columns)),
    ].join('\n\n'),
  );
  return `${[head, ...turns].join('\n\n---\n\n')}\n`;
}

// ---- Printable HTML ----

/** Text as HTML text or a quoted attribute value: nothing in it is markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Renders an answer's Markdown as HTML (the host's safe renderer; see export-menu.tsx). */
export type AnswerRenderer = (text: string, citations: readonly Citation[]) => string;

/** The print button's one line of script, the only one the page's policy lets run (by its hash). */
const PRINT_HANDLER = 'window.print()';
/** sha256 of PRINT_HANDLER, base64 (chat-export.test.ts checks it). */
export const PRINT_HANDLER_HASH = 'sha256-MguIPR6qNR8D3B+eAlK+bIRTZe8t3wkOY4B/56Me9FU=';

/**
 * Nothing loads from anywhere (no script, image, font or frame), inline styles apply, and the print button's handler
 * is the one script that may run.
 */
export const PRINTABLE_POLICY = `default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-hashes' '${PRINT_HANDLER_HASH}'; base-uri 'none'; form-action 'none'`;

const PRINTABLE_CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f7f9; color: #1f2328; font: 15px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 820px; margin: 0 auto; padding: 32px 24px 48px; background: #fff; }
header { border-bottom: 1px solid #d0d7de; margin-bottom: 24px; padding-bottom: 12px; }
h1 { font-size: 1.6rem; line-height: 1.3; margin: 0 0 4px; overflow-wrap: anywhere; }
.meta { color: #57606a; margin: 0; }
.print { margin-top: 12px; font: inherit; padding: 6px 14px; border: 1px solid #8c959f; border-radius: 6px; background: #fff; cursor: pointer; }
.print:focus-visible { outline: 2px solid #0969da; outline-offset: 2px; }
.hint { color: #57606a; font-size: 0.85rem; margin: 6px 0 0; }
.turn { border-bottom: 1px solid #d8dee4; padding: 12px 0 20px; }
.who { font-size: 0.95rem; margin: 12px 0 4px; color: #57606a; text-transform: none; }
.prompt { white-space: pre-wrap; overflow-wrap: anywhere; background: #f0f4ff; border-radius: 8px; padding: 8px 12px; }
.answer { overflow-wrap: anywhere; }
.answer pre { background: #f6f8fa; padding: 10px 12px; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; }
.answer code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; }
.answer table { border-collapse: collapse; }
.answer th, .answer td { border: 1px solid #d0d7de; padding: 4px 8px; }
details { margin: 4px 0 8px; border-left: 3px solid #d0d7de; padding-left: 10px; color: #57606a; }
summary { cursor: pointer; font-weight: 600; }
.reasoning { white-space: pre-wrap; }
.sources h4 { margin: 8px 0 4px; font-size: 0.9rem; }
.sources ol { margin: 0; padding-left: 22px; font-size: 0.9rem; }
.note { color: #9a3412; font-style: italic; }
a { color: #0969da; }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; padding: 0; }
  .noprint { display: none !important; }
  .turn { break-inside: auto; }
  .who, h1 { break-after: avoid; }
  pre, blockquote, table, .prompt { break-inside: avoid; }
  a { color: inherit; }
  .sources a::after { content: " (" attr(href) ")"; font-size: 0.8em; color: #57606a; overflow-wrap: anywhere; }
}
`;

function htmlSources(citations: readonly Citation[]): string {
  const items = citations.map((citation) => {
    const name = escapeHtml(sourceName(citation));
    return isHttpUrl(citation.url)
      ? `<li><a href="${escapeHtml(citation.url)}" rel="noopener noreferrer nofollow">${name}</a></li>`
      : `<li>${name}</li>`;
  });
  return `<section class="sources"><h4>${escapeHtml(T.sources)}</h4><ol>${items.join('')}</ol></section>`;
}

function htmlAnswer(answer: ExportAnswer, columns: boolean, render: AnswerRenderer): string {
  const heading = columns ? 'h3' : 'h2';
  const parts = [`<${heading} class="who">${escapeHtml(answer.label)}</${heading}>`];
  if (answer.reasoning.trim()) {
    parts.push(
      `<details><summary>${escapeHtml(T.reasoning)}</summary><div class="reasoning">${escapeHtml(answer.reasoning.trim())}</div></details>`,
    );
  }
  if (answer.text.trim()) parts.push(`<div class="answer">${render(answer.text, answer.citations)}</div>`);
  if (answer.citations.length > 0) parts.push(htmlSources(answer.citations));
  if (answer.note) parts.push(`<p class="note">${escapeHtml(answer.note)}</p>`);
  return `<section class="reply">${parts.join('')}</section>`;
}

/**
 * The chat as one printable HTML page: inline styles (print styles hide the button and print link addresses of the
 * sources), a strict content policy, a Print / Save as PDF button. Replies are rendered by `render`; everything else
 * is escaped here.
 */
export function chatHtml(chat: ExportedChat, render: AnswerRenderer): string {
  const title = escapeHtml(chat.title);
  const turns = chat.turns.map(
    (turn) =>
      `<article class="turn"><h2 class="who">${escapeHtml(T.you)}</h2><div class="prompt">${escapeHtml(turn.prompt.trim())}</div>${turn.answers
        .map((answer) => htmlAnswer(answer, chat.columns, render))
        .join('')}</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINTABLE_POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${PRINTABLE_CSS}</style>
</head>
<body>
<main>
<header>
<h1>${title}</h1>
<p class="meta">${escapeHtml(T.exportedOn(chat.tool, exportDay(chat.date)))}</p>
<div class="noprint"><button type="button" class="print" onclick="${PRINT_HANDLER}">${escapeHtml(T.print)}</button><p class="hint">${escapeHtml(T.printHint)}</p></div>
</header>
${turns.join('\n')}
</main>
</body>
</html>
`;
}
