// The steps of a signing-key rotation on an IDENTITY_SIGNING_KEYS value (a JSON array of private JWKs: the first
// signs, all verify). Two deploys apart so no replica ever meets a token signed by a key it does not know yet:
//   add      a new key last: every replica publishes it and verifies with it, none signs with it yet;
//   promote  the last key first: it signs from now on, the previous one keeps verifying the tokens it signed;
//   retire   only the first key, once ACCESS_TOKEN_TTL_SECONDS have passed since promote (its last token expired).
import type { JWK } from 'jose';
import { generateSigningJwk, parseSigningKeys } from './signing-keys';

export const KEY_SET_STEPS = ['new', 'add', 'promote', 'retire'] as const;
export type KeySetStep = (typeof KEY_SET_STEPS)[number];

/** The key set after one step; `new` ignores `current` and makes a set of one fresh key. */
export async function nextKeySet(step: KeySetStep, current?: string): Promise<JWK[]> {
  if (step === 'new') return [await generateSigningJwk()];
  const keys = parseSigningKeys(current ?? '');
  switch (step) {
    case 'add':
      return [...keys, await generateSigningJwk()];
    case 'promote':
      return keys.length < 2 ? keys : [keys.at(-1)!, ...keys.slice(0, -1)];
    case 'retire':
      return keys.slice(0, 1);
  }
}
