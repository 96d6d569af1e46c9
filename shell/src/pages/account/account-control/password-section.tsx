// Account page, Password (docs/product-rules.md#account-deletion): change the password with the current one (PUT
// user, the sign-up rules and texts); every other session of the member is signed out, this one stays.
import { useState } from 'react';
import { Alert, Button, TextField, toast } from '@act/host-sdk';
import { ACCOUNT_CONTROL_TEXTS, IDENTITY_ENDPOINTS } from '@act/contracts';
import { useServices } from '../../../app/services-context';
import { useFormSubmit } from './use-form-submit';
import '../account-section.css';

const T = ACCOUNT_CONTROL_TEXTS.password;

export function PasswordSection() {
  const { api } = useServices();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { busy, error, onSubmit } = useFormSubmit(async () => {
    await api.call(IDENTITY_ENDPOINTS.updateUser, { body: { current_password: current, password: next } });
    setCurrent('');
    setNext('');
    toast({ title: T.changed, variant: 'success' });
  });

  return (
    <section className="sh-account-section act-panel" aria-labelledby="password-title">
      <h2 id="password-title" className="sh-account-section__title">
        {T.title}
      </h2>
      <p className="sh-account-section__hint">{T.intro}</p>
      <form className="sh-account-section__form" onSubmit={onSubmit} aria-labelledby="password-title">
        {error && <Alert variant="error">{error}</Alert>}
        <TextField
          label={T.current}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          required
        />
        <TextField
          label={T.next}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          required
        />
        <div>
          <Button type="submit" size="sm" busy={busy} disabled={current === '' || next === ''}>
            {T.submit}
          </Button>
        </div>
      </form>
    </section>
  );
}
