// The library's table (migrations/001-library-items.sql): applying creation events idempotently and in any order,
// and reading a member's own entries. Every read and the tombstone take the member's id, so another member's id is
// simply not found.
import type { CreationCreated, CreationDeleted } from '@act/contracts/server';
import type { CreationKind, ToolId } from '@act/contracts';
import { afterCursor, pageOf, type CursorPosition, type Page, type Sql } from '@act/service-kit';
import { LIBRARY_LIMITS } from '@act/contracts';

export interface LibraryRow {
  id: string;
  user_id: string;
  service: string;
  kind: CreationKind;
  tool: ToolId;
  title: string;
  text: string | null;
  excerpt: string | null;
  file_key: string | null;
  file_type: string | null;
  thumbnail_key: string | null;
  thumbnail_type: string | null;
  open_url: string;
  created_at: Date;
  /** `created_at::text`, for the keyset cursor (microseconds kept). */
  created_key: string;
}

export interface ListFilter {
  kind?: CreationKind;
  tool?: ToolId;
  /** The search text as the member typed it (trimmed, non-empty). */
  q?: string;
  from?: string;
  to?: string;
  position?: CursorPosition;
  limit: number;
}

/**
 * Each word of the search as a prefix (`cart` finds `cartoon`), all of them required. Only letters and digits are
 * kept, so the to_tsquery text can never be malformed whatever was typed.
 */
export function prefixQueryOf(q: string): string | undefined {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

export function createLibraryStore(sql: Sql) {
  return {
    /**
     * A `created` event at stream position `revision`: inserts the entry, or replaces its title, text and files when
     * this is a newer announcement. A tombstoned entry stays deleted; `created_at` stays the first announced.
     */
    async applyCreated(event: CreationCreated, revision: number): Promise<void> {
      const text = event.text ?? null;
      const excerpt = text === null ? null : text.slice(0, LIBRARY_LIMITS.excerptChars);
      await sql.begin(async (tx) => {
        await tx`
          insert into library_items (id, user_id, service, kind, tool, title, text, excerpt, file_key, file_type,
            thumbnail_key, thumbnail_type, open_url, created_at, revision)
          values (${event.id}, ${event.userId}, ${event.service}, ${event.kind}, ${event.tool}, ${event.title},
            ${text}, ${excerpt}, ${event.file?.key ?? null}, ${event.file?.contentType ?? null},
            ${event.thumbnail?.key ?? null}, ${event.thumbnail?.contentType ?? null}, ${event.openUrl},
            ${event.createdAt}, ${revision})
          on conflict (id) do update set
            kind = excluded.kind, tool = excluded.tool, title = excluded.title, text = excluded.text,
            excerpt = excluded.excerpt, file_key = excluded.file_key, file_type = excluded.file_type,
            thumbnail_key = excluded.thumbnail_key, thumbnail_type = excluded.thumbnail_type,
            open_url = excluded.open_url,
            created_at = least(library_items.created_at, excluded.created_at),
            revision = excluded.revision
          where library_items.deleted_at is null
            and library_items.revision < excluded.revision
            and library_items.user_id = excluded.user_id`;
        // Events are applied concurrently, so an older announcement may come second: its time still counts.
        await tx`
          update library_items set created_at = ${event.createdAt}
          where id = ${event.id} and user_id = ${event.userId} and deleted_at is null
            and created_at > ${event.createdAt}::timestamptz`;
      });
    },

    /** A `deleted` event: the tombstone, kept even when no `created` was seen yet (it may still come). */
    async applyDeleted(event: CreationDeleted): Promise<void> {
      await sql`
        insert into library_items (id, user_id, service, deleted_at)
        values (${event.id}, ${event.userId}, ${event.service}, ${event.deletedAt})
        on conflict (id) do update set deleted_at = coalesce(library_items.deleted_at, excluded.deleted_at)
        where library_items.user_id = excluded.user_id`;
    },

    /** One page of the member's entries, newest first. */
    async list(userId: string, filter: ListFilter): Promise<Page<LibraryRow>> {
      const prefix = filter.q ? prefixQueryOf(filter.q) : undefined;
      const search = filter.q
        ? sql`and (search @@ websearch_to_tsquery('simple', ${filter.q})
            ${prefix ? sql`or search @@ to_tsquery('simple', ${prefix})` : sql``})`
        : sql``;
      const rows = await sql<LibraryRow[]>`
        select *, created_at::text as created_key from library_items
        where user_id = ${userId} and deleted_at is null and created_at is not null
          ${filter.kind ? sql`and kind = ${filter.kind}` : sql``}
          ${filter.tool ? sql`and tool = ${filter.tool}` : sql``}
          ${filter.from ? sql`and created_at >= ${filter.from}::timestamptz` : sql``}
          ${filter.to ? sql`and created_at <= ${filter.to}::timestamptz` : sql``}
          ${search}
          and ${afterCursor(sql, filter.position, 'created_at')}
        order by created_at desc, id desc
        limit ${filter.limit + 1}`;
      return pageOf(rows, filter.limit, (row) => ({ timestampKey: row.created_key, id: row.id }));
    },

    /** The member's live entry, or undefined (another member's, tombstoned, or never announced). */
    async find(userId: string, id: string): Promise<LibraryRow | undefined> {
      const [row] = await sql<LibraryRow[]>`
        select *, created_at::text as created_key from library_items
        where id = ${id} and user_id = ${userId} and deleted_at is null and created_at is not null`;
      return row;
    },

    /** Tombstones the member's entry at once (its `deleted` event follows); false when it was not live. */
    async tombstone(userId: string, id: string, at: Date): Promise<boolean> {
      const rows = await sql`
        update library_items set deleted_at = ${at}
        where id = ${id} and user_id = ${userId} and deleted_at is null`;
      return rows.count > 0;
    },
  };
}

export type LibraryStore = ReturnType<typeof createLibraryStore>;
