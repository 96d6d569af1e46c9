// The account's personal API keys (docs/product-rules.md#personal-api-keys): create (the secret shown once), the list
// with what each key spent this month and its last use, rename, set the limit, revoke after a confirmation.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, ConfirmDialog, Spinner, errorMessage, toast } from '@act/host-sdk';
import { API_KEY_TEXTS, ERROR_TEXTS } from '@act/contracts';
import { ScrollRegion } from '../../../components/scroll-region';
import { ApiKeyRow } from './api-key-row';
import { CreateKeyForm } from './create-key-form';
import { useApiKeys, type ListedKey } from './use-api-keys';
import './api-keys.css';

const T = API_KEY_TEXTS.page;
export const ACCOUNT_API_PATH = '/account/api';

export function ApiKeysSection() {
  const keys = useApiKeys();
  const [confirming, setConfirming] = useState<ListedKey | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  async function revoke() {
    if (!confirming) return;
    setRevoking(true);
    setActionError(null);
    try {
      await keys.revoke(confirming.id);
      toast({ title: T.revoked, variant: 'success' });
    } catch (error) {
      setActionError(errorMessage(error, ERROR_TEXTS.generic.unexpected));
    } finally {
      setRevoking(false);
      setConfirming(null);
    }
  }

  return (
    <section className="sh-api-keys act-panel" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title" className="sh-api-keys__title">
        {T.title}
      </h2>
      <p className="sh-api-keys__intro">
        {T.intro} <Link to={ACCOUNT_API_PATH}>{T.apiLink}</Link>
      </p>
      <CreateKeyForm keys={keys} />
      {actionError && <Alert variant="error">{actionError}</Alert>}
      {keys.loading ? (
        <div className="sh-centered">
          <Spinner size={20} showLabel />
        </div>
      ) : keys.error ? (
        <Alert variant="error">{keys.error}</Alert>
      ) : keys.keys.length === 0 ? (
        <p className="sh-api-keys__empty">{T.empty}</p>
      ) : (
        <ScrollRegion className="sh-api-keys__scroll" label={T.title}>
          <table className="sh-api-keys__table">
            <thead>
              <tr>
                <th scope="col">{T.columns.name}</th>
                <th scope="col">{T.columns.key}</th>
                <th scope="col">{T.columns.limit}</th>
                <th scope="col">{T.columns.spent}</th>
                <th scope="col">{T.columns.lastUsed}</th>
                <th scope="col">
                  <span className="act-sr-only">{T.revoke}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.keys.map((key) => (
                <ApiKeyRow key={key.id} apiKey={key} keys={keys} onRevoke={setConfirming} />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !revoking) setConfirming(null);
        }}
        title={T.revoke}
        description={confirming ? T.revokeConfirm(confirming.name) : ''}
        confirmLabel={T.revoke}
        destructive
        busy={revoking}
        onConfirm={revoke}
      />
    </section>
  );
}
