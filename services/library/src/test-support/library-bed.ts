// What the library's tests run against: a migrated database of the file's own, a NATS namespace of its own, the
// real app over HTTP with its consumer, member tokens, and a way to publish creation events as the owning services'
// outboxes do (with their message ids, so JetStream's duplicate window behaves as in production).
import { randomUUID } from 'node:crypto';
import {
  CreationCreatedSchema,
  natsNames,
  type CreationCreated,
  type CreationDeleted,
  type NatsNames,
} from '@act/contracts/server';
import {
  connectDatabase,
  connectNats,
  createJwtVerifier,
  jetstream,
  type NatsConnection,
  type Sql,
} from '@act/service-kit';
import {
  createTestDatabase,
  silentLogger,
  startTestJwks,
  startTestService,
  testNatsUrl,
  uniqueNamespace,
  waitUntil,
  type TestDatabase,
  type TestJwks,
} from '@act/service-kit/testing';
import { createApp } from '../app';
import { migrateLibraryDatabase } from '../db/migrate';

export const TEST_FILE_URL_SECRET = 'library-test-file-url-secret-0123456789';

export interface LibraryBed {
  base: string;
  names: NatsNames;
  nc: NatsConnection;
  sql: Sql;
  jwks: TestJwks;
  /** A new member: their id and token. */
  member(): Promise<{ userId: string; token: string }>;
  /** Publishes an event as an outbox would (message id `created:<id>[:<revision>]` / `deleted:<id>`). */
  publish(event: CreationCreated | CreationDeleted, revision?: string): Promise<number>;
  /** Waits until the consumer has acknowledged everything published so far. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export function createdEvent(userId: string, fields: Partial<CreationCreated> = {}): CreationCreated {
  return CreationCreatedSchema.parse({
    type: 'created',
    id: randomUUID(),
    userId,
    service: 'prompt',
    kind: 'prompt',
    tool: 'image-to-prompt',
    title: 'A prompt',
    text: 'A watercolour fox in a snowy forest',
    openUrl: '/tools/image-to-prompt?open=x',
    createdAt: new Date().toISOString(),
    ...fields,
  });
}

export async function startLibraryBed(options: { deleteTimeoutMs?: number } = {}): Promise<LibraryBed> {
  const namespace = uniqueNamespace('lib');
  const names = natsNames(namespace);
  const jwks = await startTestJwks();
  const db: TestDatabase = await createTestDatabase('library');
  const sql = connectDatabase(db.url);
  await migrateLibraryDatabase(sql);
  const nc = await connectNats({ url: testNatsUrl(), name: 'library-test' });
  const service = await createApp({
    logger: silentLogger('library'),
    verifier: createJwtVerifier({ jwksUrl: jwks.url, issuer: 'act-identity', audience: 'act-api' }),
    sql,
    nc,
    config: {
      NATS_NAMESPACE: namespace,
      FILE_URL_SECRET: TEST_FILE_URL_SECRET,
      FILE_URL_TTL_S: 900,
      LIBRARY_DELETE_TIMEOUT_MS: options.deleteTimeoutMs ?? 1_000,
      LIBRARY_MAX_DELIVER: 3,
      JETSTREAM_REPLICAS: 1,
    },
  });
  const server = await startTestService(service.app);
  const js = jetstream(nc);
  const jsm = await js.jetstreamManager();
  let lastSeq = 0;
  return {
    base: server.url,
    names,
    nc,
    sql,
    jwks,
    async member() {
      const userId = randomUUID();
      return { userId, token: await jwks.tokenFor(userId) };
    },
    async publish(event, revision) {
      const subject = event.type === 'created' ? names.creationCreated : names.creationDeleted;
      const msgID =
        event.type === 'created'
          ? `created:${event.id}${revision ? `:${revision}` : ''}`
          : `deleted:${event.id}`;
      const ack = await js.publish(subject, JSON.stringify(event), { msgID });
      lastSeq = Math.max(lastSeq, ack.seq);
      return ack.seq;
    },
    async settled() {
      await waitUntil(async () => {
        const info = await jsm.consumers.info(names.creationsStream, names.libraryConsumer);
        return info.ack_floor.stream_seq >= lastSeq && info.num_ack_pending === 0;
      });
    },
    async close() {
      await server.close();
      await service.drain?.();
      await jsm.streams.delete(names.creationsStream).catch(() => undefined);
      await nc.close();
      await sql.end();
      await db.drop();
      await jwks.close();
    },
  };
}
