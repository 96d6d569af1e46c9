// The prompt service's Koa app, built from its dependencies so tests run the real routes over HTTP.
import { natsNames, type NatsNames } from '@act/contracts/server';
import {
  createServiceHttpApp,
  creationAnnouncer,
  toolAppDeps,
  type Outbox,
  type ServiceApp,
  type ServiceContext,
  type Sql,
  type ToolAppDeps,
} from '@act/service-kit';
import type { PromptConfig } from './config';
import { createResultStore } from './db/result-store';
import { createPromptResults, type PromptResults } from './domain/prompt-results';
import { createPromptTools } from './domain/prompt-tools';
import { startPromptLibrary } from './library';
import type { PromptProvider } from './providers/types';
import { createPromptRouter } from './routes/prompt.routes';

export interface PromptAppDeps extends ToolAppDeps {
  provider: PromptProvider;
  /** The members' stored results; their charges commit through the outbox with them. */
  sql: Sql;
  outbox: Outbox;
  /** The subjects of the library's events (NATS_NAMESPACE). */
  names: NatsNames;
}

export interface PromptApp extends ServiceApp {
  /** The stored results' list, reopen and delete (what the library's delete requests are answered with). */
  results: PromptResults;
}

export function createApp(deps: PromptAppDeps): PromptApp {
  const { logger, verifier, credits, provider, outbox, names } = deps;
  const store = createResultStore(deps.sql);
  const creations = creationAnnouncer(outbox, names, 'prompt');
  const results = createPromptResults({ store, creations });
  const tools = createPromptTools({ credits, provider, logger, results: { store, outbox, creations } });
  return {
    app: createServiceHttpApp('prompt', deps, [createPromptRouter({ verifier, tools, results })]),
    results,
  };
}

/**
 * The app as main.ts starts it. Before it serves, its side of the member's library (library.ts): the CREATIONS stream
 * (so the outbox can publish the library's events), the one-time backfill, and the answers to delete requests.
 */
export async function promptAppOf(
  context: ServiceContext<PromptConfig, PromptProvider, true>,
): Promise<ServiceApp> {
  const { config, nc, sql, outbox, logger } = context;
  const names = natsNames(config.NATS_NAMESPACE);
  const service = createApp({
    ...toolAppDeps(context),
    provider: context.providers,
    sql,
    outbox,
    names,
  });
  const library = await startPromptLibrary({ nc, sql, outbox, names, logger, results: service.results });
  return { app: service.app, drain: () => library.stop() };
}
