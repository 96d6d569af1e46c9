// The prompt database: each member's stored results (docs/product-rules.md#prompt-results), read and written only
// with the member's id from the verified token. A result that is not the member's answers like one that does not
// exist (404). A result is stored with its charge's commit and its library event, in one transaction.
import type { PromptResultTool } from '@act/contracts';
import {
  afterCursor,
  decodeCursor,
  deleteOwnedCreation,
  findOwned,
  pageOf,
  type Charge,
  type CreationAnnouncer,
  type CreationOf,
  type Db,
  type Outbox,
  type Page,
  type Sql,
} from '@act/service-kit';

export interface ResultRecord {
  id: string;
  user_id: string;
  tool: PromptResultTool;
  input: string;
  result: string;
  created_at: Date;
}

export type ResultListRow = ResultRecord & { created_key: string };

const RESULTS = { table: 'prompt_results' };

export interface ResultStore {
  /**
   * Stores the result, records the charge's commit and the library's `creation.created` (made from the stored row)
   * in one transaction.
   */
  storeWithCommit(
    record: Omit<ResultRecord, 'created_at'>,
    commit: { charge: Charge; outbox: Outbox; creations: CreationAnnouncer },
    eventOf: (row: ResultRecord) => CreationOf,
  ): Promise<ResultRecord>;
  list(
    userId: string,
    filter: { tool?: PromptResultTool | undefined; cursor?: string | undefined; limit: number },
  ): Promise<Page<ResultListRow>>;
  /** The member's result (404 when it is not theirs). */
  find(userId: string, id: string): Promise<ResultRecord>;
  /** Deletes it and announces it (`creation.deleted`) in one transaction; 404 when the member has no such result. */
  remove(userId: string, id: string, creations: CreationAnnouncer): Promise<void>;
}

/** Results after `after` in id order, at most `limit` (the library backfill, in its transaction). */
export function resultsById(db: Db, after: string | null, limit: number): Promise<ResultRecord[]> {
  return db<ResultRecord[]>`
    select * from prompt_results
    where ${after ? db`id > ${after}::uuid` : db`true`}
    order by id
    limit ${limit}`;
}

export function createResultStore(sql: Sql): ResultStore {
  return {
    storeWithCommit: (record, { charge, outbox, creations }, eventOf) => {
      // The row's time is taken here rather than by the column's default, so its library event (which carries it) is
      // made before the insert and the three rows are written as one array of statements: the driver sends them with
      // the transaction's BEGIN and COMMIT in one go, one round trip for the whole transaction (docs/performance.md).
      // A failed insert aborts the transaction, so none of them is kept.
      const row: ResultRecord = { ...record, created_at: new Date() };
      return sql
        .begin((tx) => [
          tx`
            insert into prompt_results (id, user_id, tool, input, result, created_at)
            values (${row.id}, ${row.user_id}, ${row.tool}, ${row.input}, ${row.result}, ${row.created_at})`,
          charge.commitIn(tx, outbox),
          creations.created(tx, eventOf(row)),
        ])
        .then(() => row);
    },
    async list(userId, { tool, cursor, limit }) {
      const position = cursor ? decodeCursor(cursor) : undefined;
      const rows = await sql<ResultListRow[]>`
        select *, created_at::text as created_key
        from prompt_results
        where user_id = ${userId}
          and ${tool ? sql`tool = ${tool}` : sql`true`}
          and ${afterCursor(sql, position, 'created_at')}
        order by created_at desc, id desc
        limit ${limit + 1}`;
      return pageOf(rows, limit, (row) => ({ timestampKey: row.created_key, id: row.id }));
    },
    find: (userId, id) => findOwned<ResultRecord>(sql, RESULTS, { id, userId }),
    remove: (userId, id, creations) => deleteOwnedCreation(sql, RESULTS, { id, userId }, creations),
  };
}
