// Services one vitest run shares between its test files: a test JWKS and one real credits process (started by the
// root global set-up, without waiting for it), instead of a credits process per file. Files keep apart by user id
// (every test signs a fresh one) and by guest address; credits' own tests keep their in-process harness.
import { inject } from 'vitest';
import {
  creditsProcessAt,
  launchCreditsProcess,
  type CreditsAddress,
  type CreditsProcess,
} from './credits-process';
import { waitFor } from '@act/dev-infra/child';
import { testNatsUrl } from './test-infra';
import { startTestJwks, testJwksServedElsewhere, type TestJwks } from './test-jwks';

export interface RunServicesInfo {
  jwks: Pick<TestJwks, 'url' | 'signingJwk'>;
  credits: CreditsAddress;
}

declare module 'vitest' {
  export interface ProvidedContext {
    RUN_SERVICES: RunServicesInfo;
  }
}

export interface StartedRunServices {
  info: RunServicesInfo;
  /** What credits printed (shown when it failed to start). */
  creditsOutput(): string;
  stop(): Promise<void>;
}

/** For the global set-up: starts the JWKS and launches credits; the files wait for credits' readiness themselves. */
export async function startRunServices(): Promise<StartedRunServices> {
  const jwks = await startTestJwks();
  const credits = await launchCreditsProcess({ jwksUrl: jwks.url }).catch(async (error: unknown) => {
    await jwks.close();
    throw error;
  });
  // The files that need credits fail on their own; this says why (with its output) once, not as an unhandled rejection.
  // A run whose files were done before credits was ready (a few quick files) stops it on purpose: nothing to say.
  let stopping = false;
  credits.ready.catch((error: unknown) => {
    if (!stopping) console.error(`[test-infra] the run's credits process did not start: ${String(error)}`);
  });
  return {
    info: { jwks: { url: jwks.url, signingJwk: jwks.signingJwk }, credits: credits.address },
    creditsOutput: credits.output,
    async stop() {
      stopping = true;
      await credits.stop();
      await jwks.close();
    },
  };
}

export interface RunServices {
  /** Signs tokens that credits and any service given `jwks.url` accept; `close()` leaves the shared server alone. */
  jwks: TestJwks;
  /** The run's credits process, ready; `stop()` only closes this file's connection. */
  credits: CreditsProcess;
  /** What a service's main.ts needs to join this run (NATS and its namespace, the JWKS): spread into its env. */
  serviceEnv: { NATS_URL: string; NATS_NAMESPACE: string; JWKS_URL: string };
}

const READY_TIMEOUT_MS = 60_000;

/** In a test file: the run's JWKS and credits, once credits is ready. */
export async function runServices(): Promise<RunServices> {
  const info = inject('RUN_SERVICES');
  if (!info) throw new Error('RUN_SERVICES is not provided: run tests through the root vitest config');
  await waitFor(
    `the run's credits process at ${info.credits.opsUrl}`,
    async () => {
      const response = await fetch(`${info.credits.opsUrl}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return response.ok;
    },
    { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 },
  );
  const jwks = await testJwksServedElsewhere(info.jwks);
  const credits = creditsProcessAt(info.credits, async () => undefined);
  return {
    jwks,
    credits,
    serviceEnv: { NATS_URL: testNatsUrl(), NATS_NAMESPACE: credits.namespace, JWKS_URL: jwks.url },
  };
}
