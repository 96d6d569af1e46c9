// The member's past summaries as the library sees them (issue 37, docs/product-rules.md#youtube-past-summaries):
// the list, the delete (one code path for `DELETE /api/youtube/summaries/:id` and the library's delete request), the
// `creation.created` event of a saved summary, and the one-time backfill of the summaries saved before the library.
import type { PastSummary } from '@act/contracts';
import { CREATION_TEXT_CHARS } from '@act/contracts/server';
import { type CreationAnnouncer, type CreationOf, type Db, type Page } from '@act/service-kit';
import type { SessionRecord, SessionStore } from '../db/session-store';

/** Where the summarizer page reopens a summary (docs/product-rules.md#youtube-past-summaries). */
export function summaryOpenUrl(id: string): string {
  return `/tools/youtube-summarizer?open=${id}`;
}

/** The library entry of a saved summary: titled by the video, searchable by the summary. */
export function summaryCreation(
  record: Pick<SessionRecord, 'id' | 'user_id' | 'title' | 'summary' | 'created_at'>,
): CreationOf {
  return {
    id: record.id,
    userId: record.user_id,
    kind: 'summary',
    tool: 'youtube-summarizer',
    title: record.title.slice(0, 300),
    text: record.summary.slice(0, CREATION_TEXT_CHARS),
    openUrl: summaryOpenUrl(record.id),
    createdAt: record.created_at.toISOString(),
  };
}

export interface SummaryHistory {
  list(userId: string, cursor: string | undefined, limit: number): Promise<Page<PastSummary>>;
  /** Deletes the member's summary (another member's id, or none, is a 404): the endpoint's and the library's delete. */
  remove(userId: string, id: string): Promise<void>;
}

export function createSummaryHistory(deps: {
  store: SessionStore;
  creations: CreationAnnouncer;
}): SummaryHistory {
  const { store, creations } = deps;
  return {
    async list(userId, cursor, limit) {
      const page = await store.list(userId, cursor, limit);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((row) => ({
          id: row.id,
          videoId: row.video_id,
          videoUrl: row.video_url,
          title: row.title,
          createdAt: row.created_at.toISOString(),
        })),
      };
    },
    remove: (userId, id) => store.remove(userId, id, creations),
  };
}

/** The saved summaries as the library's backfill announces them (service-kit startCreationOwner). */
export function summaryBackfillPage(store: SessionStore) {
  return async (db: Db, after: string | null, limit: number): Promise<CreationOf[]> =>
    (await store.batchById(db, after, limit)).map(summaryCreation);
}
