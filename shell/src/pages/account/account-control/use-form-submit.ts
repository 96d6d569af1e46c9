// The account forms' submit (Password, Delete account): busy while the call runs, the server's words (else the
// generic text) shown when it fails, nothing else changed.
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@act/host-sdk';
import { ERROR_TEXTS } from '@act/contracts';

export interface FormSubmit {
  busy: boolean;
  error: string | null;
  clearError(): void;
  onSubmit(event: FormEvent): Promise<void>;
}

export function useFormSubmit(work: () => Promise<void>): FormSubmit {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    busy,
    error,
    clearError: () => setError(null),
    async onSubmit(event) {
      event.preventDefault();
      setBusy(true);
      setError(null);
      try {
        await work();
      } catch (err) {
        setError(errorMessage(err, ERROR_TEXTS.generic.unexpected));
      } finally {
        setBusy(false);
      }
    },
  };
}
