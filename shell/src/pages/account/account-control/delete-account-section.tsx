// Account page, Delete account (docs/product-rules.md#account-deletion): a dialog asks for the password and DELETE
// typed out; the deletion signs the member out everywhere and the landing page says it is done. A Google account
// leaves the password empty after signing in with Google again from here (a sign-in bound to the deletion, which
// lets it delete within 5 minutes; use-google-reauth.ts): the dialog opens again on the way back.
import { useState } from 'react';
import { Alert, Button, Dialog, TextField } from '@act/host-sdk';
import {
  ACCOUNT_CONTROL_TEXTS,
  ACCOUNT_DELETED_NOTICE_KEY,
  ACCOUNT_DELETION_ENDPOINTS,
} from '@act/contracts';
import { useSignOut } from '../../../app/auth-gate';
import { useServices } from '../../../app/services-context';
import { useFormSubmit } from './use-form-submit';
import { useGoogleReauth, type GoogleReauth } from './use-google-reauth';
import '../account-section.css';

const T = ACCOUNT_CONTROL_TEXTS.deletion;

export function DeleteAccountSection() {
  const reauth = useGoogleReauth();
  // Back from the Google sign-in for the deletion: the dialog is where the member was.
  const [open, setOpen] = useState(reauth.result !== null);
  return (
    <section className="sh-account-section act-panel" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="sh-account-section__title">
        {T.title}
      </h2>
      <p className="sh-account-section__hint">{T.intro}</p>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {T.open}
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} reauth={reauth} />
    </section>
  );
}

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  reauth: GoogleReauth;
}

function DeleteAccountDialog({ open, onOpenChange, reauth }: DeleteAccountDialogProps) {
  const { api } = useServices();
  const signOut = useSignOut();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, clearError, onSubmit } = useFormSubmit(async () => {
    await api.call(ACCOUNT_DELETION_ENDPOINTS.deleteAccount, { body: password === '' ? {} : { password } });
    // Read once by the landing page, where the sign-out lands.
    sessionStorage.setItem(ACCOUNT_DELETED_NOTICE_KEY, '1');
    signOut();
  });

  const changeOpen = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setPassword('');
      setConfirm('');
      clearError();
      reauth.clear();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title={T.dialogTitle} description={T.dialogDescription}>
      <form className="sh-account-section__form" onSubmit={onSubmit} aria-label={T.dialogTitle}>
        {error && <Alert variant="error">{error}</Alert>}
        {!error && reauth.result === 'confirmed' && <Alert variant="success">{T.googleConfirmed}</Alert>}
        {!error && reauth.result === 'failed' && (
          <Alert variant="error">{ACCOUNT_CONTROL_TEXTS.errors.reauthFailed}</Alert>
        )}
        {reauth.startError && <Alert variant="error">{reauth.startError}</Alert>}
        <TextField
          label={T.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p className="sh-account-section__hint">
          {T.googleHint}{' '}
          <Button
            type="button"
            variant="outline"
            size="sm"
            busy={reauth.starting}
            onClick={() => void reauth.start()}
          >
            {T.googleReauth}
          </Button>
        </p>
        <TextField
          label={T.confirmLabel}
          autoComplete="off"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        <div className="sh-account-section__actions">
          <Button type="submit" variant="danger" size="sm" busy={busy} disabled={confirm !== T.confirmWord}>
            {T.submit}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => changeOpen(false)}>
            {T.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
