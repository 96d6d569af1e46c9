// Prints a new Ed25519 private JWK for IDENTITY_SIGNING_KEYS (production). To rotate: append it to the array and
// deploy (verifiers learn it), then move it to the front (it signs); drop the old key once
// ACCESS_TOKEN_TTL_SECONDS have passed. Run: npm run generate-key -w @act/identity
import { generateSigningJwk } from './domain/signing-keys';

process.stdout.write(`${JSON.stringify(await generateSigningJwk())}\n`);
