// The transactional outbox on real PostgreSQL and JetStream: a message exists exactly when its transaction
// committed, and reaches the stream once even when a relay dies between publishing and marking.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, runMigrations, type Sql } from './database';
import { connectNats, ensureStream, jetstream, jetstreamManager, type NatsConnection } from './nats';
import { OUTBOX_MIGRATIONS, startOutboxRelay } from './outbox';
import { createTestDatabase, silentLogger, testNatsUrl, uniqueNamespace, type TestDatabase } from './testing';

const namespace = uniqueNamespace('ob');
const stream = `${namespace.toUpperCase()}_OUTBOX`;
const subject = `${namespace}.outbox.test`;
let db: TestDatabase;
let sql: Sql;
let nc: NatsConnection;

beforeAll(async () => {
  db = await createTestDatabase('outbox');
  sql = connectDatabase(db.url);
  await runMigrations(sql, OUTBOX_MIGRATIONS);
  await sql`create table results (id uuid primary key)`;
  nc = await connectNats({ url: testNatsUrl(), name: 'outbox-test' });
  await ensureStream(await jetstreamManager(nc), { name: stream, subjects: [`${namespace}.outbox.>`] });
});
afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
  await nc.close();
  await sql.end();
  await db.drop();
});

async function messagesInStream(): Promise<number> {
  return (await (await jetstreamManager(nc)).streams.info(stream)).state.messages;
}

describe('startOutboxRelay', () => {
  it('publishes nothing for a rolled-back transaction and once for a committed one', async () => {
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const before = await messagesInStream();
    const lost = randomUUID();
    await sql
      .begin(async (tx) => {
        await tx`insert into results (id) values (${lost})`;
        await outbox.enqueue(tx, { subject, msgId: lost, payload: { id: lost } });
        throw new Error('the result could not be stored');
      })
      .catch(() => undefined);
    const kept = randomUUID();
    await sql.begin(async (tx) => {
      await tx`insert into results (id) values (${kept})`;
      await outbox.enqueue(tx, { subject, msgId: kept, payload: { id: kept } });
      // Recording the same message again in the same or a later transaction keeps one.
      await outbox.enqueue(tx, { subject, msgId: kept, payload: { id: kept } });
    });
    await outbox.publishPending();
    expect(await messagesInStream()).toBe(before + 1);
    const rows =
      await sql`select msg_id, published_at from jetstream_outbox where msg_id in (${lost}, ${kept})`;
    expect(rows).toEqual([{ msg_id: kept, published_at: expect.any(Date) }]);
    await outbox.stop();
  });

  it('reaches the stream once when a relay died after publishing and another replica publishes again', async () => {
    const first = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const id = randomUUID();
    await sql.begin((tx) => first.enqueue(tx, { subject, msgId: id, payload: { id } }));
    await first.publishPending();
    await first.stop();
    const before = await messagesInStream();
    // As if the first relay had crashed before its mark committed: the row is pending again.
    await sql`update jetstream_outbox set published_at = null where msg_id = ${id}`;
    const second = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    await second.publishPending();
    expect(await messagesInStream()).toBe(before);
    const [row] = await sql`select published_at, attempts from jetstream_outbox where msg_id = ${id}`;
    expect(row).toMatchObject({ published_at: expect.any(Date), attempts: 2 });
    await second.stop();
  });

  it('keeps a message pending while JetStream refuses it, and publishes it on a later run', async () => {
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const id = randomUUID();
    const orphan = `${namespace}.nowhere.${id}`; // no stream captures it: the publish fails
    await sql.begin((tx) => outbox.enqueue(tx, { subject: orphan, msgId: id, payload: { id } }));
    await outbox.publishPending();
    const [pending] = await sql`select published_at, attempts from jetstream_outbox where msg_id = ${id}`;
    expect(pending).toMatchObject({ published_at: null, attempts: 1 });
    await sql`update jetstream_outbox set subject = ${subject} where msg_id = ${id}`;
    await outbox.publishPending();
    const [published] = await sql`select published_at from jetstream_outbox where msg_id = ${id}`;
    expect(published?.published_at).toBeInstanceOf(Date);
    await outbox.stop();
  });

  it('marks what one run published before a refusal, and keeps the rest pending in order', async () => {
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    const [first, refused, after] = [randomUUID(), randomUUID(), randomUUID()];
    const before = await messagesInStream();
    await sql.begin(async (tx) => {
      await outbox.enqueue(tx, { subject, msgId: first, payload: { id: first } });
      await outbox.enqueue(tx, { subject: `${namespace}.nowhere.${refused}`, msgId: refused, payload: {} });
      await outbox.enqueue(tx, { subject, msgId: after, payload: { id: after } });
    });
    await outbox.publishPending();
    expect(await messagesInStream()).toBe(before + 1);
    const rows = await sql`
      select msg_id, published_at is not null as published, attempts from jetstream_outbox
      where msg_id in (${first}, ${refused}, ${after})`;
    expect(new Map(rows.map((row) => [row.msg_id, [row.published, row.attempts]]))).toEqual(
      new Map([
        [first, [true, 1]],
        [refused, [false, 1]],
        [after, [false, 0]],
      ]),
    );
    await sql`delete from jetstream_outbox where msg_id = ${refused}`;
    await outbox.stop();
  });

  it('drops rows published over a day ago and keeps newer ones', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await sql`
      insert into jetstream_outbox (msg_id, subject, payload, published_at) values
        (${old}, ${subject}, '{}', now() - interval '25 hours'),
        (${recent}, ${subject}, '{}', now() - interval '23 hours')`;
    const outbox = startOutboxRelay({ sql, js: jetstream(nc), logger: silentLogger(), intervalMs: 60_000 });
    await outbox.publishPending();
    const rows = await sql`select msg_id from jetstream_outbox where msg_id in (${old}, ${recent})`;
    expect(rows.map((row) => row.msg_id)).toEqual([recent]);
    await outbox.stop();
  });
});
