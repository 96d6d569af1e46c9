// A chat saved as a file (docs/product-rules.md#chat-export), built here from the conversation the page already
// shows (it is the member's own; no server call): as Markdown here, and as one self-contained printable HTML page
// (chat-export-html.ts). Both keep the numbered citations as links to their pages, the reasoning collapsed
// (<details>), and the playground's four answers of a turn each under its model's name.
import { UI_TEXTS, isHttpUrl, type Citation } from '@act/contracts';
import { markerLinks } from '@act/host-sdk/markdown';
import { sourceName } from './components/markdown';
import type { Turn } from './reply-state';

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

/** The answer's `[n]` markers (outside code, not already links) as links to the n-th source when it is a web page. */
export function linkCitationMarkers(text: string, citations: readonly Citation[]): string {
  if (citations.length === 0) return text;
  const links = markerLinks(citations, {
    hrefOf: (citation) => (isHttpUrl(citation.url) ? citation.url : undefined),
    labelOf: sourceName,
  });
  const linked = (part: string) =>
    links(part)
      .map((link) => (typeof link === 'string' ? link : `${link.text}(${markdownUrl(link.href)})`))
      .join('');
  return text
    .split(CODE)
    .map((part, index) => (index % 2 === 1 ? part : linked(part)))
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
