// The Google sign-in a Google account deletes itself with (docs/product-rules.md#account-deletion): `start` asks
// identity for a sign-in bound to this member and to the deletion, then leaves for Google; Google's way back is the
// account page with `?reauth=confirmed|failed`, which `result` reads (the dialog opens again and says which).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@act/host-sdk';
import {
  ACCOUNT_DELETION_ENDPOINTS,
  ERROR_TEXTS,
  GOOGLE_REAUTH_PARAM,
  GOOGLE_REAUTH_RESULTS,
  type GoogleReauthResult,
} from '@act/contracts';
import { useServices } from '../../../app/services-context';

export interface GoogleReauth {
  /** What the last purpose sign-in came back with, while the address says so. */
  result: GoogleReauthResult | null;
  /** Forgets the result (the dialog closed): the address loses its parameter. */
  clear(): void;
  start(): Promise<void>;
  starting: boolean;
  startError: string | null;
}

function isResult(value: string | null): value is GoogleReauthResult {
  return (GOOGLE_REAUTH_RESULTS as readonly (string | null)[]).includes(value);
}

export function useGoogleReauth(): GoogleReauth {
  const { api } = useServices();
  const [params, setParams] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const value = params.get(GOOGLE_REAUTH_PARAM);
  return {
    result: isResult(value) ? value : null,
    starting,
    startError,
    clear() {
      setStartError(null);
      if (!params.has(GOOGLE_REAUTH_PARAM)) return;
      const next = new URLSearchParams(params);
      next.delete(GOOGLE_REAUTH_PARAM);
      setParams(next, { replace: true });
    },
    async start() {
      setStarting(true);
      setStartError(null);
      try {
        const { url } = await api.call(ACCOUNT_DELETION_ENDPOINTS.startGoogleReauth, { body: {} });
        window.location.assign(url);
      } catch (err) {
        setStartError(errorMessage(err, ERROR_TEXTS.auth.unexpectedWithGoogleSignIn));
        setStarting(false);
      }
    },
  };
}
