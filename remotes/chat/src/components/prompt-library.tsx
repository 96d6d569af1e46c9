// The prompt library of a chat screen (docs/product-rules.md#prompt-library): "My prompts" lists the member's saved
// prompts to edit or delete, and "Save as prompt" on a sent message opens the same dialog's form with the message.
// Given to the screen's message box and messages through PromptLibraryContext.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  CHAT_PROMPT_ENDPOINTS,
  CHAT_PROMPT_ERRORS,
  CHAT_PROMPT_TEXTS,
  type ChatPrompt,
} from '@act/contracts';
import { Alert, Button, Dialog, errorMessage, type ApiClient } from '@act/host-sdk';
import { PromptLibraryContext, titleFromText } from '../hooks/prompt-library-context';
import { PromptForm, type PromptDraft } from './prompt-form';
import './prompt-library.css';

const T = CHAT_PROMPT_TEXTS;

type View = { kind: 'closed' } | { kind: 'list' } | { kind: 'form'; draft: PromptDraft };

export function PromptLibraryProvider({
  api,
  children,
}: {
  api: ApiClient | undefined;
  children: ReactNode;
}) {
  const [view, setView] = useState<View>({ kind: 'closed' });
  const library = useMemo(
    () => ({
      manage: () => setView({ kind: 'list' }),
      saveFrom: (text: string) =>
        setView({ kind: 'form', draft: { title: titleFromText(text), body: text } }),
    }),
    [],
  );
  if (!api) return <>{children}</>;
  return (
    <PromptLibraryContext.Provider value={library}>
      {children}
      <Dialog
        open={view.kind !== 'closed'}
        onOpenChange={(open) => {
          if (!open) setView({ kind: 'closed' });
        }}
        title={view.kind === 'form' && !view.draft.id ? T.saveTitle : T.manageTitle}
      >
        {view.kind === 'form' && (
          <PromptForm
            api={api}
            draft={view.draft}
            onSaved={() => setView(view.draft.id ? { kind: 'list' } : { kind: 'closed' })}
            onCancel={() => setView(view.draft.id ? { kind: 'list' } : { kind: 'closed' })}
          />
        )}
        {view.kind === 'list' && (
          <PromptList api={api} onEdit={(prompt) => setView({ kind: 'form', draft: prompt })} />
        )}
      </Dialog>
    </PromptLibraryContext.Provider>
  );
}

function PromptList({ api, onEdit }: { api: ApiClient; onEdit(prompt: ChatPrompt): void }) {
  const [prompts, setPrompts] = useState<ChatPrompt[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(CHAT_PROMPT_ENDPOINTS.list, {
        signal: controller.signal,
        fallbackError: CHAT_PROMPT_ERRORS.loadPrompts,
      })
      .then((reply) => setPrompts(reply.prompts))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught, CHAT_PROMPT_ERRORS.loadPrompts));
      });
    return () => controller.abort();
  }, [api]);

  const remove = async (prompt: ChatPrompt) => {
    setError(null);
    try {
      await api.call(CHAT_PROMPT_ENDPOINTS.delete, {
        params: { id: prompt.id },
        fallbackError: CHAT_PROMPT_ERRORS.deletePrompt,
      });
      setPrompts((list) => list?.filter((item) => item.id !== prompt.id) ?? null);
      setStatus(T.deleted);
    } catch (caught) {
      setError(errorMessage(caught, CHAT_PROMPT_ERRORS.deletePrompt));
    }
  };

  return (
    <div className="ch-prompts">
      {error && <Alert variant="error">{error}</Alert>}
      <p className="act-sr-only" role="status">
        {status}
      </p>
      {prompts?.length === 0 && <p className="ch-prompts__empty">{T.empty}</p>}
      <ul className="ch-prompts__list">
        {prompts?.map((prompt) => (
          <li key={prompt.id} className="ch-prompts__item">
            <span className="ch-prompts__title">{prompt.title}</span>
            <span className="ch-prompts__body">{prompt.body}</span>
            <span className="ch-prompts__actions">
              <Button
                size="sm"
                variant="outline"
                aria-label={T.edit(prompt.title)}
                onClick={() => onEdit(prompt)}
              >
                {T.editShort}
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-label={T.remove(prompt.title)}
                onClick={() => void remove(prompt)}
              >
                {T.removeShort}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
