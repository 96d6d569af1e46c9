// A chat saved as one self-contained printable HTML page (docs/product-rules.md#chat-export), built from the export
// (chat-export.ts). Every text is escaped; the only markup is this file's own and what the host's safe Markdown
// renderer makes of a reply (no raw HTML, safe link URLs). Its one script, the print button, runs by its hash.
import { UI_TEXTS, isHttpUrl, type Citation } from '@act/contracts';
import { exportDay, type ExportAnswer, type ExportedChat } from './chat-export';
import { sourceName } from './components/markdown';

const T = UI_TEXTS.chatExport;

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
