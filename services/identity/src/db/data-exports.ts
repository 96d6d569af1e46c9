// SQL of the member's data exports (migration 009): create one (refused while one is pending, by the partial unique
// index), read one of the member's, claim and keep a build's lease, settle it, and the sweep's queries.
import type { Sql } from '@act/service-kit';
import type { DataExportStatus } from '@act/contracts';

export interface DataExportRow {
  id: string;
  user_id: string;
  status: DataExportStatus;
  object_key: string | null;
  error: string | null;
  attempts: number;
  created_at: Date;
  finished_at: Date | null;
}

/** Postgres' unique_violation: the member already has a pending export. */
const UNIQUE_VIOLATION = '23505';

export function createDataExportStore(sql: Sql, leaseMs: number) {
  const lease = `${leaseMs} milliseconds`;
  return {
    /** The new pending export, leased to the caller; undefined when the member already has a pending one. */
    async insertPending(id: string, userId: string): Promise<DataExportRow | undefined> {
      try {
        const [row] = await sql<DataExportRow[]>`
          insert into data_exports (id, user_id, status, locked_until)
          values (${id}, ${userId}, 'pending', now() + ${lease}::interval)
          returning *`;
        return row;
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return undefined;
        throw error;
      }
    },

    /** The member's export with this id (another member's reads as none). */
    async findOwned(id: string, userId: string): Promise<DataExportRow | undefined> {
      const [row] = await sql<DataExportRow[]>`
        select * from data_exports where id = ${id} and user_id = ${userId}`;
      return row;
    },

    /** The member's most recent ready export (for the one-an-hour rule). */
    async lastReady(userId: string): Promise<DataExportRow | undefined> {
      const [row] = await sql<DataExportRow[]>`
        select * from data_exports where user_id = ${userId} and status = 'ready'
        order by finished_at desc limit 1`;
      return row;
    },

    /** Extends the build's lease; false when the export is no longer pending (settled by the sweep). */
    async renewLease(id: string): Promise<boolean> {
      const rows = await sql`
        update data_exports set locked_until = now() + ${lease}::interval
        where id = ${id} and status = 'pending' returning id`;
      return rows.length > 0;
    },

    /** Settles a pending export; false when it was settled already. */
    async settle(
      id: string,
      outcome: { status: 'ready'; objectKey: string } | { status: 'failed'; error: string },
    ): Promise<boolean> {
      const objectKey = outcome.status === 'ready' ? outcome.objectKey : null;
      const error = outcome.status === 'failed' ? outcome.error : null;
      const rows = await sql`
        update data_exports set status = ${outcome.status}, object_key = ${objectKey}, error = ${error},
          locked_until = null, finished_at = now()
        where id = ${id} and status = 'pending' returning id`;
      return rows.length > 0;
    },

    /** A pending export whose builder died (lease ran out), re-leased to the caller with one more attempt. */
    async claimAbandoned(maxAttempts: number): Promise<DataExportRow | undefined> {
      const [row] = await sql<DataExportRow[]>`
        update data_exports set attempts = attempts + 1, locked_until = now() + ${lease}::interval
        where id = (
          select id from data_exports
          where status = 'pending' and locked_until < now() and attempts < ${maxAttempts}
          order by created_at limit 1 for update skip locked)
        returning *`;
      return row;
    },

    /** Abandoned exports out of attempts become failed (the member can ask again). */
    async failExhausted(maxAttempts: number, error: string): Promise<number> {
      const rows = await sql`
        update data_exports set status = 'failed', error = ${error}, locked_until = null, finished_at = now()
        where status = 'pending' and locked_until < now() and attempts >= ${maxAttempts} returning id`;
      return rows.length;
    },

    /** Removes exports finished longer ago than `ageMs`, returning the zips' keys to delete. */
    async deleteExpired(ageMs: number): Promise<string[]> {
      const rows = await sql<{ object_key: string | null }[]>`
        delete from data_exports where finished_at < now() - ${`${ageMs} milliseconds`}::interval
        returning object_key`;
      return rows.flatMap((row) => (row.object_key ? [row.object_key] : []));
    },

    /** What account.json holds: the member's account as identity keeps it (never the password hash). */
    async account(userId: string) {
      const [user] = await sql<
        { id: string; email: string; email_verified: boolean; google: boolean; created_at: Date }[]
      >`
        select id, email, email_verified, google_subject is not null as google, created_at
        from users where id = ${userId}`;
      const apiKeys = await sql<
        {
          id: string;
          name: string;
          prefix: string;
          monthly_credit_limit: number | null;
          created_at: Date;
          revoked_at: Date | null;
        }[]
      >`
        select id, name, prefix, monthly_credit_limit, created_at, revoked_at
        from api_keys where user_id = ${userId} order by created_at`;
      return { user, apiKeys };
    },
  };
}

export type DataExportStore = ReturnType<typeof createDataExportStore>;
