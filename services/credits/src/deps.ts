// What the credits app and its workers are built from; creditsAppOf (app.ts) wires the real ones, tests their own.
import type { JwtVerifier, Logger, NatsConnection, Sql } from '@act/service-kit';
import type { Clock } from './clock';
import type { CreditsStore } from './db/credits-store';
import type { CreditsConfig } from './config';
import type { NoticeEvents } from './domain/notice-events';
import type { PaddleClient } from './providers/paddle';

export interface CreditsDeps {
  config: Readonly<CreditsConfig>;
  /** Readiness and shut-down only; domain code goes through `store`. */
  sql: Sql;
  store: CreditsStore;
  nc: NatsConnection;
  logger: Logger;
  clock: Clock;
  paddle: PaddleClient;
  /** The usage-notice events, through the kit's outbox (docs/charges.md#spend-cap-and-usage-notices). */
  notices: NoticeEvents;
  /** Verifies members' access tokens (the identity JWKS; tests pass one on their own keys). */
  verifier: JwtVerifier;
}
