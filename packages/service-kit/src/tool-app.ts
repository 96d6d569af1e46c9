// What a tool service's app takes from startService (service.ts), named once: the logger, the verifier, the credits
// client and the readiness checks, plus the database, its outbox and the object store for the services that keep
// data. Each app's deps extend these; its main.ts passes them on with toolAppDeps/storingToolAppDeps and adds its
// own (providers, settings). The app itself is the kit's edge and the service's routers (createServiceHttpApp).
import type Router from '@koa/router';
import type { JwtVerifier } from './auth';
import type { CreditsClient } from './charges';
import type { Sql } from './database';
import type { ObjectStore } from './files';
import { createHttpApp, type HttpApp, type ReadinessChecks } from './http-app';
import type { Logger } from './logger';
import type { Outbox } from './outbox';

/** What every tool service's app gets from startService. */
export interface ToolAppDeps {
  logger: Logger;
  verifier: JwtVerifier;
  credits: CreditsClient;
  readiness?: ReadinessChecks;
}

/** What the app of a tool service that keeps data (rows and files, settled through its outbox) gets as well. */
export interface StoringToolAppDeps extends ToolAppDeps {
  sql: Sql;
  outbox: Outbox;
  files: ObjectStore;
}

/** The tool app's part of startService's context (createApp's argument). */
export function toolAppDeps({ logger, verifier, credits, readiness }: ToolAppDeps): ToolAppDeps {
  return { logger, verifier, credits, readiness };
}

/** The storing tool app's part of startService's context (createApp's argument). */
export function storingToolAppDeps(context: StoringToolAppDeps): StoringToolAppDeps {
  const { sql, outbox, files } = context;
  return { ...toolAppDeps(context), sql, outbox, files };
}

/**
 * A service's HTTP app: the kit's edge (request ids, errors, probes, metrics) with no body parser of its own, each
 * endpoint parsing its body with the limit its contracts definition gives (mountEndpoint), then the routers.
 */
export function createServiceHttpApp(
  name: string,
  { logger, readiness }: Pick<ToolAppDeps, 'logger' | 'readiness'>,
  routers: readonly Router[],
): HttpApp {
  return createHttpApp({ name, logger, readiness, bodyLimit: false, routers });
}
