// What a tool service's in-process tests run against: the run's credits and member tokens with a NATS connection of
// the file's own, and for a service that keeps data a test database (migrated) with the outbox relay publishing its
// usage events, and the member's money once settled. Each service's tests add their apps and fakes on top.
import { connectDatabase, type Sql } from '../database';
import { createLogger } from '../logger';
import { natsNames } from '@act/contracts/server';
import { ensureCreationsStream } from '../creations';
import { connectNats, jetstream, jetstreamManager, type NatsConnection } from '../nats';
import { startOutboxRelay, type Outbox } from '../outbox';
import { runServices } from './run-services';
import { createTestDatabase, testNatsUrl, type TestDatabase } from './test-infra';
import type { CreditsProcess } from './credits-process';
import type { TestJwks } from './test-jwks';

/** The run's JWKS and credits, and a NATS connection of the test file's own (its apps' credits clients use it). */
export interface RunConnection {
  jwks: TestJwks;
  credits: CreditsProcess;
  nc: NatsConnection;
  /** Closes the connection, this file's credits connection and the JWKS; close the apps first. */
  close(): Promise<void>;
}

export async function connectToRun(name: string): Promise<RunConnection> {
  const { jwks, credits } = await runServices();
  const nc = await connectNats({ url: testNatsUrl(), name });
  return {
    jwks,
    credits,
    nc,
    async close() {
      await nc.close();
      await credits.stop();
      await jwks.close();
    },
  };
}

export interface ServiceTestBed extends RunConnection {
  db: TestDatabase;
  sql: Sql;
  outbox: Outbox;
  /** Publishes the outbox, waits until credits applied every usage event, then reads the member's money. */
  settled(token: string): Promise<{ balance: number; history: Array<[string, number]> }>;
  /** Stops the relay, closes the connections, drops the database; close the replicas first. */
  close(): Promise<void>;
}

/** The run's services and a migrated database `databaseName` with its outbox relay (publishing on the bed's `nc`). */
export async function startServiceTestBed(
  databaseName: string,
  migrate: (sql: Sql) => Promise<unknown>,
): Promise<ServiceTestBed> {
  const run = await connectToRun(`${databaseName}-test`);
  const { credits, nc } = run;
  const db = await createTestDatabase(databaseName);
  const sql = connectDatabase(db.url);
  await migrate(sql);
  // The run's CREATIONS stream, as a result-owning service ensures it at start: its outbox keeps order, so a creation
  // event with no stream to take it would hold back the usage events recorded after it.
  await ensureCreationsStream(await jetstreamManager(nc), natsNames(credits.namespace));
  const outbox = startOutboxRelay({
    sql,
    js: jetstream(nc),
    logger: createLogger({ name: 'outbox', level: 'silent' }),
    intervalMs: 200,
  });
  return {
    ...run,
    db,
    sql,
    outbox,
    async settled(token) {
      await outbox.publishPending();
      await credits.settled();
      return { balance: await credits.balanceOf(token), history: await credits.historyOf(token) };
    },
    async close() {
      await outbox.stop();
      await sql.end();
      await db.drop();
      await run.close();
    },
  };
}
