// Creating a personal API key: name and optional monthly limit, then its secret shown once with a copy button.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, TextField, errorMessage, useCopy } from '@act/host-sdk';
import { API_KEY_RULES, API_KEY_TEXTS, ERROR_TEXTS } from '@act/contracts';
import { limitOf, type ApiKeys } from './use-api-keys';

const T = API_KEY_TEXTS.page;

export function CreateKeyForm({ keys }: { keys: ApiKeys }) {
  const [name, setName] = useState('');
  const [limit, setLimit] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSecret(await keys.create({ name, monthlyCreditLimit: limitOf(limit) }));
      setName('');
      setLimit('');
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-api-keys__create" onSubmit={submit} aria-label={T.create}>
      {error && <Alert variant="error">{error}</Alert>}
      <div className="sh-api-keys__fields">
        <TextField
          label={T.nameLabel}
          value={name}
          maxLength={API_KEY_RULES.nameMax}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label={T.limitLabel}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
        />
      </div>
      <div>
        <Button type="submit" size="sm" busy={busy} disabled={name.trim() === ''}>
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
