// The prompt service's side of the member's library (docs/architecture.md#library-events), started with the service:
// the CREATIONS stream, the once-per-database backfill of the results stored before, and the answers to the library's
// delete requests, which go through the results' own delete (domain/prompt-results.ts).
import type { NatsNames } from '@act/contracts/server';
import {
  deletedUnlessMissing,
  startCreationOwner,
  type CreationOwner,
  type Logger,
  type NatsConnection,
  type Outbox,
  type Sql,
} from '@act/service-kit';
import { resultBackfillPage, type PromptResults } from './domain/prompt-results';

export interface PromptLibraryDeps {
  nc: NatsConnection;
  sql: Sql;
  outbox: Outbox;
  names: NatsNames;
  logger: Logger;
  results: PromptResults;
}

export function startPromptLibrary({ results, ...deps }: PromptLibraryDeps): Promise<CreationOwner> {
  return startCreationOwner({
    service: 'prompt',
    ...deps,
    backfillPage: resultBackfillPage,
    deleteResult: ({ id, userId }) => deletedUnlessMissing(() => results.remove(userId, id)),
  });
}
