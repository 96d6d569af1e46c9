// The form of one prompt in the prompts dialog (docs/product-rules.md#prompt-library): its title and its body with
// `{{placeholders}}`, saved as new or as an edit; the server's refusal is shown in its words.
import { useState, type FormEvent } from 'react';
import {
  CHAT_PROMPT_ENDPOINTS,
  CHAT_PROMPT_ERRORS,
  CHAT_PROMPT_LIMITS,
  CHAT_PROMPT_TEXTS,
  type ChatPrompt,
} from '@act/contracts';
import { Alert, Button, TextArea, TextField, errorMessage, type ApiClient } from '@act/host-sdk';

const T = CHAT_PROMPT_TEXTS;

export interface PromptDraft {
  /** The prompt edited; none for a new one. */
  id?: string;
  title: string;
  body: string;
}

export function PromptForm({
  api,
  draft,
  onSaved,
  onCancel,
}: {
  api: ApiClient;
  draft: PromptDraft;
  onSaved(prompt: ChatPrompt): void;
  onCancel(): void;
}) {
  const [title, setTitle] = useState(draft.title);
  const [body, setBody] = useState(draft.body);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const options = { body: { title, body }, fallbackError: CHAT_PROMPT_ERRORS.savePrompt };
      const reply = draft.id
        ? await api.call(CHAT_PROMPT_ENDPOINTS.update, { ...options, params: { id: draft.id } })
        : await api.call(CHAT_PROMPT_ENDPOINTS.create, options);
      onSaved(reply.prompt);
    } catch (caught) {
      setError(errorMessage(caught, CHAT_PROMPT_ERRORS.savePrompt));
      setBusy(false);
    }
  };

  return (
    <form className="ch-prompts__form" onSubmit={(event) => void submit(event)}>
      {error && <Alert variant="error">{error}</Alert>}
      <TextField
        label={T.titleLabel}
        value={title}
        maxLength={CHAT_PROMPT_LIMITS.titleMax}
        required
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextArea
        label={T.bodyLabel}
        hint={T.bodyHint}
        value={body}
        rows={6}
        maxLength={CHAT_PROMPT_LIMITS.bodyMax}
        required
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="act-dialog__actions">
        <Button type="button" variant="outline" onClick={onCancel}>
          {T.cancel}
        </Button>
        <Button type="submit" busy={busy} disabled={title.trim() === '' || body.trim() === ''}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}
