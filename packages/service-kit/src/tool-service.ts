// What every tool service (prompt, chat, and the families after them) connects to before it serves: NATS as its own
// user, the credits client on that connection, and the JWT verifier that follows identity's token revocations. One
// function, so a family's main.ts wires only what is its own (database, provider, routes).
import { z } from 'zod';
import type { BaseConfig } from './config';
import { createCreditsClient, DEFAULT_CHARGE_LEASE_MS, type CreditsClient } from './credits-client';
import { createJwtVerifier, type JwtVerifier } from './auth';
import type { Logger } from './logger';
import { serviceMetrics } from './metrics';
import { connectNats, type NatsConnection } from './nats';
import { startRevocationWatcher } from './revocations';

/** The settings a tool service adds to the base config to reach credits. */
export const toolServiceConfigFields = {
  /** How long a credits.reserve request may wait for an answer. */
  CREDITS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * How long credits keeps the holds of this replica's calls after it last heard from it (it announces itself every
   * third of this): a call that died with its replica is refunded about this long after (docs/charges.md).
   */
  CHARGE_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(DEFAULT_CHARGE_LEASE_MS),
};

export type ToolServiceConfig = Pick<
  BaseConfig,
  'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE' | 'JWKS_URL' | 'JWT_ISSUER' | 'JWT_AUDIENCE'
> & { CREDITS_TIMEOUT_MS: number; CHARGE_LEASE_MS?: number };

export interface ToolServiceConnections {
  nc: NatsConnection;
  credits: CreditsClient;
  verifier: JwtVerifier;
  /** Stops following revocations and drains NATS: the last of a service's onClose steps that use NATS. */
  close(): Promise<void>;
}

export async function connectToolService(
  name: string,
  config: ToolServiceConfig,
  logger: Logger,
): Promise<ToolServiceConnections> {
  const nc = await connectNats({
    url: config.NATS_URL,
    name,
    user: config.NATS_USER,
    password: config.NATS_PASSWORD,
  });
  const credits = createCreditsClient({
    nc,
    namespace: config.NATS_NAMESPACE,
    timeoutMs: config.CREDITS_TIMEOUT_MS,
    ...(config.CHARGE_LEASE_MS ? { leaseMs: config.CHARGE_LEASE_MS } : {}),
    logger,
    // Counted on the service's /metrics (credits_charges_total), the registry its app serves.
    metrics: serviceMetrics(name),
  });
  // Signed-out sessions and changed passwords end access tokens at once (identity announces them over NATS).
  const revocations = await startRevocationWatcher({ nc, namespace: config.NATS_NAMESPACE, logger });
  const verifier = createJwtVerifier({
    jwksUrl: config.JWKS_URL,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    revocations: revocations.list,
  });
  return {
    nc,
    credits,
    verifier,
    async close() {
      revocations.stop();
      await nc.drain();
    },
  };
}
