// The library's events through a real outbox: a result stored in a committed transaction reaches CREATIONS once with
// the contract's shape; a re-announcement with a revision is a new message; a malformed event is refused before it
// is written, so the transaction that stores the result fails instead of announcing something the library drops.
import { randomUUID } from 'node:crypto';
import { natsNames } from '@act/contracts/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creationAnnouncer, deleteOwnedCreation } from './creation-owner';
import { enqueueCreationCreated, enqueueCreationDeleted, ensureCreationsStream } from './creations';
import { connectDatabase, runMigrations, type Sql } from './database';
import { connectNats, jetstream, jetstreamManager, type NatsConnection } from './nats';
import { OUTBOX_MIGRATIONS, startOutboxRelay } from './outbox';
import { createTestDatabase, silentLogger, testNatsUrl, uniqueNamespace, type TestDatabase } from './testing';

const names = natsNames(uniqueNamespace('cr'));
let db: TestDatabase;
let sql: Sql;
let nc: NatsConnection;

beforeAll(async () => {
  db = await createTestDatabase('creations');
  sql = connectDatabase(db.url);
  await runMigrations(sql, OUTBOX_MIGRATIONS);
  nc = await connectNats({ url: testNatsUrl(), name: 'creations-test' });
  await ensureCreationsStream(await jetstreamManager(nc), names);
});
afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(names.creationsStream).catch(() => undefined);
  await nc.close();
  await sql.end();
  await db.drop();
});

async function subjectsInStream(): Promise<string[]> {
  const jsm = await jetstreamManager(nc);
  const { state } = await jsm.streams.info(names.creationsStream);
  const subjects: string[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const message = await jsm.streams.getMessage(names.creationsStream, { seq });
    if (message) subjects.push(message.subject);
  }
  return subjects;
}

describe('creation events', () => {
  it('announces a stored result once, a re-announcement again, and its deletion', async () => {
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const id = randomUUID();
    const event = {
      id,
      userId: randomUUID(),
      service: 'prompt' as const,
      kind: 'prompt' as const,
      tool: 'magic-enhance' as const,
      title: 'a cat',
      text: 'A cat on a windowsill at dawn',
      openUrl: `/tools/magic-enhance?open=${id}`,
      createdAt: new Date().toISOString(),
    };
    await sql.begin((tx) => enqueueCreationCreated(outbox, tx, names, event));
    await sql.begin((tx) => enqueueCreationCreated(outbox, tx, names, event));
    await sql.begin((tx) => enqueueCreationCreated(outbox, tx, names, { ...event, title: 'renamed' }, 'r2'));
    await sql.begin((tx) =>
      enqueueCreationDeleted(outbox, tx, names, {
        id,
        userId: event.userId,
        service: 'prompt',
        deletedAt: new Date().toISOString(),
      }),
    );
    await outbox.publishPending();
    await outbox.stop();
    expect(await subjectsInStream()).toEqual([
      names.creationCreated,
      names.creationCreated,
      names.creationDeleted,
    ]);
  });

  it("deletes a member's own result with its deleted event, and nothing for another member's id", async () => {
    await sql`create table if not exists notes (id uuid primary key, user_id uuid not null)`;
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const creations = creationAnnouncer(outbox, names, 'prompt');
    const [owner, stranger, id] = [randomUUID(), randomUUID(), randomUUID()];
    await sql`insert into notes (id, user_id) values (${id}, ${owner})`;
    const announced = async () =>
      (await sql`select 1 from jetstream_outbox where msg_id = ${`deleted:${id}`}`).length;

    const refused = deleteOwnedCreation(sql, { table: 'notes' }, { id, userId: stranger }, creations);
    await expect(refused).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await sql`select id from notes where id = ${id}`).toHaveLength(1);
    expect(await announced()).toBe(0);

    await deleteOwnedCreation(sql, { table: 'notes' }, { id, userId: owner }, creations);
    expect(await sql`select id from notes where id = ${id}`).toHaveLength(0);
    expect(await announced()).toBe(1);
    await outbox.stop();
  });

  it('refuses an event the library could not read, so its transaction rolls back', async () => {
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const stored = sql.begin((tx) =>
      enqueueCreationCreated(outbox, tx, names, {
        id: 'not-a-uuid',
        userId: randomUUID(),
        service: 'prompt',
        kind: 'prompt',
        tool: 'magic-enhance',
        title: 't',
        openUrl: '/tools/magic-enhance',
        createdAt: new Date().toISOString(),
      }),
    );
    await expect(stored).rejects.toThrow();
    await outbox.stop();
  });
});
