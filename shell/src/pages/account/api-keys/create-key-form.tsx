// Creating a personal API key: name and optional monthly limit, then its secret shown once with a copy button.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, errorMessage, useCopy } from '@act/host-sdk';
import { API_KEY_TEXTS, ERROR_TEXTS } from '@act/contracts';
import { KeyFields } from './key-fields';
import { limitOf, type ApiKeys } from './use-api-keys';

const T = API_KEY_TEXTS.page;

export function CreateKeyForm({ keys }: { keys: ApiKeys }) {
  const [draft, setDraft] = useState({ name: '', limit: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSecret(await keys.create({ name: draft.name, monthlyCreditLimit: limitOf(draft.limit) }));
      setDraft({ name: '', limit: '' });
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-api-keys__create" onSubmit={submit} aria-label={T.create}>
      {error && <Alert variant="error">{error}</Alert>}
      <KeyFields draft={draft} onChange={setDraft} />
      <div>
        <Button type="submit" size="sm" busy={busy} disabled={draft.name.trim() === ''}>
          {T.create}
        </Button>
      </div>
      <SecretDialog secret={secret} onDone={() => setSecret(null)} />
    </form>
  );
}

/** The new key's secret, once: closing the dialog forgets it. */
function SecretDialog({ secret, onDone }: { secret: string | null; onDone(): void }) {
  const copier = useCopy();
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
      title={T.title}
      description={T.created}
    >
      <code className="sh-api-keys__secret" data-testid="api-key-secret">
        {secret}
      </code>
      {copier.error && <Alert variant="error">{copier.error}</Alert>}
      <div className="sh-api-keys__actions">
        <Button size="sm" onClick={() => void copier.copy(secret ?? '')}>
          {copier.copied ? T.copied : T.copy}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          {T.done}
        </Button>
      </div>
    </Dialog>
  );
}
