// What a tool service (prompt, chat, and the families after them) adds to its config to reach credits: with these
// set, startService (service.ts) gives its app the credits client on the service's NATS connection.
import { z } from 'zod';
import type { BaseConfig } from './config';
import { DEFAULT_CHARGE_LEASE_MS } from './charges';

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
