// The member's past summaries as the library sees them (issue 37, docs/product-rules.md#youtube-past-summaries):
// the list, the delete (one code path for `DELETE /api/youtube/summaries/:id` and the library's delete request), the
// `creation.created` event of a saved summary, and the one-time backfill of the summaries saved before the library.
import type { PastSummary } from '@act/contracts';
import { CREATION_TEXT_CHARS } from '@act/contracts/server';
import {
  AppError,
  ErrorCode,
  type CreationAnnouncer,
  type CreationOf,
  type Db,
  type Page,
} from '@act/service-kit';
import { ERROR_TEXTS } from '@act/contracts';
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
  /** False when the member has no such summary (the library's delete request answers `deleted: false`). */
  remove(userId: string, id: string): Promise<boolean>;
  /** The same delete for the HTTP endpoint: another member's id, or none, is a 404. */
  removeOrNotFound(userId: string, id: string): Promise<void>;
}

export function createSummaryHistory(deps: {
  store: SessionStore;
  creations: CreationAnnouncer;
}): SummaryHistory {
  const { store, creations } = deps;
  async function remove(userId: string, id: string): Promise<boolean> {
    const deleted = await store.remove(userId, id, creations);
    if (deleted) creations.trigger();
    return deleted;
  }
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
    remove,
    async removeOrNotFound(userId, id) {
      if (!(await remove(userId, id))) throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
    },
  };
}

/** The saved summaries as the library's backfill announces them (service-kit startCreationOwner). */
export function summaryBackfillPage(store: SessionStore) {
  return async (db: Db, after: string | null, limit: number): Promise<CreationOf[]> =>
    (await store.batchById(db, after, limit)).map(summaryCreation);
}
