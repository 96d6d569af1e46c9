// What a tool service's in-process tests run against: the run's credits and member tokens, a test database of the
// file's own (migrated) with the outbox relay publishing its usage events, and the member's money once settled. Each
// service's test bed adds its replicas and fakes on top (chat, image, voice).
import { connectDatabase, type Sql } from '../database';
import { createLogger } from '../logger';
import { connectNats, type NatsConnection } from '../nats';
import { startOutboxRelay, type Outbox } from '../outbox';
import { runServices } from './run-services';
import { createTestDatabase, testNatsUrl, type TestDatabase } from './test-infra';
import type { CreditsProcess } from './credits-process';
import type { TestJwks } from './test-jwks';

export interface ServiceTestBed {
  jwks: TestJwks;
  credits: CreditsProcess;
  db: TestDatabase;
  sql: Sql;
  /** The connection the outbox publishes on (replicas may share it). */
  nc: NatsConnection;
  outbox: Outbox;
  /** Publishes the outbox, waits until credits applied every usage event, then reads the member's money. */
  settled(token: string): Promise<{ balance: number; history: Array<[string, number]> }>;
  /** Stops the relay, closes the connections, drops the database; close the replicas first. */
  close(): Promise<void>;
}

/** The run's services and a migrated database `databaseName` with its outbox relay. */
export async function startServiceTestBed(
  databaseName: string,
  migrate: (sql: Sql) => Promise<unknown>,
): Promise<ServiceTestBed> {
  const { jwks, credits } = await runServices();
  const db = await createTestDatabase(databaseName);
  const sql = connectDatabase(db.url);
  await migrate(sql);
  const nc = await connectNats({ url: testNatsUrl(), name: `${databaseName}-test` });
  const outbox = startOutboxRelay({
    sql,
    js: nc.jetstream(),
    logger: createLogger({ name: 'outbox', level: 'silent' }),
    intervalMs: 200,
  });
  return {
    jwks,
    credits,
    db,
    sql,
    nc,
    outbox,
    async settled(token) {
      await outbox.publishPending();
      await credits.settled();
      return { balance: await credits.balanceOf(token), history: await credits.historyOf(token) };
    },
    async close() {
      await outbox.stop();
      await nc.close();
      await sql.end();
      await db.drop();
      await credits.stop();
      await jwks.close();
    },
  };
}
