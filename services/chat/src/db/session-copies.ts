// The count of copies made of each session per day (UTC): share links and sessions continued from a comparison
// (008-share-bounds.sql, docs/product-rules.md#shared-chats). One statement takes a copy: it checks the session is the
// member's and counts up under the row's lock only while the cap is not reached, so calls at the same moment never
// pass the cap together and a refused call writes nothing.
import { isUuid, type Sql } from '@act/service-kit';

export type CopyKind = 'share' | 'continue';

/** What taking a copy found: an unknown session (or another member's), no copy left today, or the day it counted. */
export type TakenCopy = { outcome: 'unknown' } | { outcome: 'capped' } | { outcome: 'taken'; day: string };

export function createSessionCopies(sql: Sql) {
  return {
    /** Counts one copy of the member's session of today when fewer than `cap` were made; else counts nothing. */
    async take(userId: string, sessionId: string, kind: CopyKind, cap: number): Promise<TakenCopy> {
      if (!isUuid(sessionId)) return { outcome: 'unknown' };
      const [row] = await sql<Array<{ owned: boolean; day: string | null }>>`
        with owned as (
          select id from chat_sessions where id = ${sessionId} and user_id = ${userId}
        ), earlier as (
          delete from chat_session_copies
          where session_id in (select id from owned) and kind = ${kind}
            and day < (now() at time zone 'UTC')::date
        ), counted as (
          insert into chat_session_copies (session_id, kind, day, copies)
          select id, ${kind}, (now() at time zone 'UTC')::date, 1 from owned
          on conflict (session_id, kind, day) do update set copies = chat_session_copies.copies + 1
            where chat_session_copies.copies < ${cap}
          returning day::text
        )
        select exists (select 1 from owned) as owned, (select day from counted) as day`;
      if (!row!.owned) return { outcome: 'unknown' };
      return row!.day === null ? { outcome: 'capped' } : { outcome: 'taken', day: row!.day };
    },

    /** Gives back a copy taken on `day` whose making failed (nothing was made, so nothing is counted). */
    async giveBack(sessionId: string, kind: CopyKind, day: string): Promise<void> {
      await sql`
        update chat_session_copies set copies = copies - 1
        where session_id = ${sessionId} and kind = ${kind} and day = ${day}::date and copies > 0`;
    },
  };
}

export type SessionCopies = ReturnType<typeof createSessionCopies>;
