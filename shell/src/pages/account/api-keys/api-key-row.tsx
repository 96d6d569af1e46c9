// One personal API key in the account's list: name, prefix, limit, spent this month, last use; rename and set the
// limit in place; revoke (the section confirms it).
import { useState, type FormEvent } from 'react';
import { Alert, Button, errorMessage } from '@act/host-sdk';
import { API_KEY_TEXTS, ERROR_TEXTS, formatNumber } from '@act/contracts';
import { formatDateTime } from '../../../components/format';
import { KeyFields } from './key-fields';
import { limitOf, type ApiKeys, type ListedKey } from './use-api-keys';

const T = API_KEY_TEXTS.page;

export function ApiKeyRow({
  apiKey,
  keys,
  onRevoke,
}: {
  apiKey: ListedKey;
  keys: ApiKeys;
  onRevoke(key: ListedKey): void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EditKeyRow apiKey={apiKey} keys={keys} onClose={() => setEditing(false)} />;
  return (
    <tr data-testid="api-key-row">
      <td className="sh-api-keys__name">{apiKey.name}</td>
      <td>
        <code>{apiKey.prefix}…</code>
      </td>
      <td>{apiKey.monthlyCreditLimit === null ? T.noLimit : formatNumber(apiKey.monthlyCreditLimit)}</td>
      <td>{formatNumber(apiKey.spentThisMonth)}</td>
      <td>{apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : T.neverUsed}</td>
      <td className="sh-api-keys__actions">
        <Button
          size="sm"
          variant="outline"
          aria-label={T.renameLabel(apiKey.name)}
          onClick={() => setEditing(true)}
        >
          {T.rename}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={T.revokeLabel(apiKey.name)}
          onClick={() => onRevoke(apiKey)}
        >
          {T.revoke}
        </Button>
      </td>
    </tr>
  );
}

function EditKeyRow({ apiKey, keys, onClose }: { apiKey: ListedKey; keys: ApiKeys; onClose(): void }) {
  const [draft, setDraft] = useState({
    name: apiKey.name,
    limit: apiKey.monthlyCreditLimit === null ? '' : String(apiKey.monthlyCreditLimit),
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await keys.update(apiKey.id, { name: draft.name, monthlyCreditLimit: limitOf(draft.limit) });
      onClose();
    } catch (err) {
      setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
      setBusy(false);
    }
  }

  return (
    <tr data-testid="api-key-row">
      <td colSpan={6}>
        <form className="sh-api-keys__edit" onSubmit={save} aria-label={`${T.rename}: ${apiKey.name}`}>
          {error && <Alert variant="error">{error}</Alert>}
          <KeyFields draft={draft} onChange={setDraft} />
          <div className="sh-api-keys__actions">
            <Button type="submit" size="sm" busy={busy}>
              {T.save}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onClose}>
              {T.cancel}
            </Button>
          </div>
        </form>
      </td>
    </tr>
  );
}
