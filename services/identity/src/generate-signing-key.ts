// Prints a value for IDENTITY_SIGNING_KEYS (production: every replica reads the same keys from the act-identity
// Secret), in the format identity reads: a JSON array of private JWKs, the first signs, all verify.
//   npm run -s generate-key -w @act/identity                          a new set of one Ed25519 key
//   npm run -s generate-key -w @act/identity -- add "$KEYS"           rotation step 1: a new key last (verifies)
//   npm run -s generate-key -w @act/identity -- promote "$KEYS"       step 2, after step 1 is deployed: it signs
//   npm run -s generate-key -w @act/identity -- retire "$KEYS"        step 3, ACCESS_TOKEN_TTL_SECONDS after step 2
// The whole procedure is in docs/deploy.md ("Rotate the signing keys").
import { ConfigError } from '@act/service-kit';
import { KEY_SET_STEPS, nextKeySet, type KeySetStep } from './domain/signing-key-set';

const [step = 'new', current] = process.argv.slice(2);
if (!(KEY_SET_STEPS as readonly string[]).includes(step)) {
  process.stderr.write(`usage: generate-key [${KEY_SET_STEPS.join('|')}] [current IDENTITY_SIGNING_KEYS]\n`);
  process.exit(2);
}
try {
  process.stdout.write(`${JSON.stringify(await nextKeySet(step as KeySetStep, current))}\n`);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
