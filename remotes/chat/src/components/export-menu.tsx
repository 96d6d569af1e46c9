// Export (docs/product-rules.md#chat-export): two buttons over an open conversation that save it as a file, built here
// from what the page shows: Markdown (.md), and a printable HTML page (.html) whose own Print / Save as PDF button
// opens the browser's print dialog. The page is downloaded, not opened from here: a file opened from disk has no
// access to this site, whatever a reply says. Replies in it are rendered by the host's safe Markdown renderer, to
// static HTML (react-dom/server, loaded only when a printable export is asked for).
import { createElement, useState } from 'react';
import { Download, Printer } from 'lucide-react';
import { UI_TEXTS, isHttpUrl, type Citation } from '@act/contracts';
import { Button, errorMessage, saveBlob } from '@act/host-sdk';
import { Markdown as HostMarkdown, loadMath, type TextLinker } from '@act/host-sdk/markdown';
import { chatMarkdown, exportFileName, type ExportedChat } from '../chat-export';
import { chatHtml, type AnswerRenderer } from '../chat-export-html';
import { citationLinks } from './markdown';
import './export-menu.css';

const T = UI_TEXTS.chatExport;

/** `[n]` markers as links to their sources, only where the source is a web page (http or https). */
function webCitationLinks(citations: readonly Citation[]): TextLinker {
  const links = citationLinks(citations);
  return (text) => {
    const parts = links(text).map((part) =>
      typeof part === 'string' || isHttpUrl(part.href) ? part : part.text,
    );
    return parts.every((part) => typeof part === 'string') ? [parts.join('')] : parts;
  };
}

/** The host's safe Markdown renderer, to static HTML: maths as MathML, diagrams and artifacts as their code. */
export async function staticAnswerRenderer(): Promise<AnswerRenderer> {
  const [{ renderToStaticMarkup }] = await Promise.all([import('react-dom/server'), loadMath()]);
  return (text, citations) =>
    renderToStaticMarkup(
      createElement(HostMarkdown, {
        text,
        className: 'md',
        staticFile: true,
        linkText: citations.length ? webCitationLinks(citations) : undefined,
      }),
    );
}

export async function saveChatMarkdown(chat: ExportedChat): Promise<void> {
  saveBlob(
    new Blob([chatMarkdown(chat)], { type: 'text/markdown;charset=utf-8' }),
    exportFileName(chat.title, chat.date, 'md'),
  );
}

export async function saveChatHtml(chat: ExportedChat): Promise<void> {
  const html = chatHtml(chat, await staticAnswerRenderer());
  saveBlob(
    new Blob([html], { type: 'text/html;charset=utf-8' }),
    exportFileName(chat.title, chat.date, 'html'),
  );
}

export interface ExportMenuProps {
  /** The conversation as it stands when a button is pressed. */
  chat(): ExportedChat;
  disabled?: boolean;
}

export function ExportMenu({ chat, disabled }: ExportMenuProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (save: (chat: ExportedChat) => Promise<void>) => {
    setBusy(true);
    setError(null);
    save(chat())
      .catch((failure: unknown) => setError(errorMessage(failure, UI_TEXTS.chatExport.failed)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="ch-export" role="group" aria-label={T.groupLabel} data-testid="chat-export">
      <span className="ch-export__label" aria-hidden>
        {T.label}
      </span>
      <Button size="sm" variant="outline" disabled={disabled || busy} onClick={() => run(saveChatMarkdown)}>
        <Download size={14} aria-hidden />
        {T.markdown}
      </Button>
      <Button size="sm" variant="outline" disabled={disabled || busy} onClick={() => run(saveChatHtml)}>
        <Printer size={14} aria-hidden />
        {T.printable}
      </Button>
      {error && (
        <p className="ch-export__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
