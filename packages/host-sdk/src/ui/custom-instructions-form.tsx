// The member's custom instructions (docs/product-rules.md#chat-workspace): one form for every place they are edited,
// the account page and each chat screen's dialog. It reads `GET /api/chat/instructions` when it mounts and saves with
// `PUT`; text over 4,000 characters is refused here with the server's own words (the contract's schema), before any
// request, and the server refuses it the same way.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CHAT_INSTRUCTIONS_ENDPOINTS, PutChatInstructionsRequestSchema, UI_TEXTS } from '@act/contracts';
import type { ApiClient } from '../api-client';
import { errorMessage } from '../api-error';
import { Alert } from './alert';
import { Button } from './button';
import { TextArea } from './fields';

const T = UI_TEXTS.chatWorkspace;

export interface CustomInstructionsFormProps {
  api: ApiClient;
  /** After a save (a dialog closes); without it the form stays and says Saved. */
  onSaved?(): void;
  /** Reports a save in progress (a dialog is not closed meanwhile). */
  onBusyChange?(busy: boolean): void;
}

export function CustomInstructionsForm({ api, onSaved, onBusyChange }: CustomInstructionsFormProps) {
  const checkId = useId();
  const [text, setText] = useState('');
  const [enabled, setEnabled] = useState(false);
  const [tooLong, setTooLong] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  // Until the saved instructions have arrived the fields are locked, so what the member types is never replaced.
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    api
      .call(CHAT_INSTRUCTIONS_ENDPOINTS.get, { signal: controller.signal, fallbackError: T.loadFailed })
      .then((reply) => {
        setText(reply.instructions.text);
        setEnabled(reply.instructions.enabled);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(failure, T.loadFailed));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [api]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setError(null);
    const parsed = PutChatInstructionsRequestSchema.safeParse({ text, enabled });
    if (!parsed.success) {
      setTooLong(parsed.error.issues[0]?.message ?? T.saveFailed);
      return;
    }
    setTooLong(null);
    setBusy(true);
    onBusyChange?.(true);
    try {
      await api.call(CHAT_INSTRUCTIONS_ENDPOINTS.put, { body: parsed.data, fallbackError: T.saveFailed });
      if (onSaved) onSaved();
      else setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure, T.saveFailed));
    } finally {
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <form className="act-instructions-form" onSubmit={(event) => void submit(event)}>
      <TextArea
        label={T.customInstructionsText}
        hint={T.customInstructionsHint}
        error={tooLong}
        value={text}
        rows={6}
        disabled={loading}
        onChange={(event) => {
          setText(event.target.value);
          setSaved(false);
        }}
      />
      <div className="act-instructions-form__check">
        <input
          id={checkId}
          type="checkbox"
          checked={enabled}
          disabled={loading}
          onChange={(event) => {
            setEnabled(event.target.checked);
            setSaved(false);
          }}
        />
        <label htmlFor={checkId}>{T.useInstructions}</label>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
      <div className="act-instructions-form__actions">
        <Button type="submit" busy={busy}>
          {T.save}
        </Button>
        <span role="status" className="act-instructions-form__saved">
          {saved ? T.saved : ''}
        </span>
      </div>
    </form>
  );
}
