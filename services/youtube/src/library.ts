// The youtube service's side of the member's library (docs/architecture.md#library-events), started with the
// service: the CREATIONS stream, the once-per-database backfill of the summaries saved before, and the answers to the
// library's delete requests, which go through the past summaries' own delete (domain/summary-library.ts).
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
import { createSessionStore } from './db/session-store';
import { summaryBackfillPage, type SummaryHistory } from './domain/summary-library';

export interface YoutubeLibraryDeps {
  nc: NatsConnection;
  sql: Sql;
  outbox: Outbox;
  names: NatsNames;
  logger: Logger;
  history: SummaryHistory;
  /** Summaries announced per backfill transaction (tests make it small). */
  batchSize?: number;
}

export function startYoutubeLibrary({ history, ...deps }: YoutubeLibraryDeps): Promise<CreationOwner> {
  return startCreationOwner({
    service: 'youtube',
    ...deps,
    backfillPage: summaryBackfillPage(createSessionStore(deps.sql)),
    deleteResult: ({ id, userId }) => deletedUnlessMissing(() => history.remove(userId, id)),
  });
}
