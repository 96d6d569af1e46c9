// How a tool service's app in a test knows its members and charges them: a verifier of the run's test tokens and a
// credits client on the run's credits namespace, as main.ts builds them from JWKS_URL and NATS_NAMESPACE.
import { createJwtVerifier, type JwtVerifier } from '../auth';
import { createCreditsClient, type CreditsClient } from '../charges';
import type { NatsConnection } from '../nats';
import type { CreditsProcess } from './credits-process';
import { TEST_JWT_AUDIENCE, TEST_JWT_ISSUER, type TestJwks } from './test-jwks';

/** The `verifier` and `credits` a tool service's createApp takes, on the run's services (credits over `nc`). */
export function testToolAccess(
  run: { jwks: Pick<TestJwks, 'url'>; credits: Pick<CreditsProcess, 'namespace'> },
  nc: NatsConnection,
): { verifier: JwtVerifier; credits: CreditsClient } {
  return {
    verifier: createJwtVerifier({
      jwksUrl: run.jwks.url,
      issuer: TEST_JWT_ISSUER,
      audience: TEST_JWT_AUDIENCE,
    }),
    credits: createCreditsClient({ nc, namespace: run.credits.namespace, timeoutMs: 5_000 }),
  };
}
