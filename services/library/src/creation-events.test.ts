// The read model kept from the CREATIONS stream over real NATS JetStream and PostgreSQL: events delivered twice, out
// of order (a `deleted` before its `created`), re-announced, and a bad event dead-lettered instead of retried.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jetstream } from '@act/service-kit';
import { callJson, waitUntil } from '@act/service-kit/testing';
import { createLibraryStore } from './db/library-store';
import { createdEvent, startLibraryBed, type LibraryBed } from './test-support/library-bed';

let bed: LibraryBed;
let member: { userId: string; token: string };

const titles = async () => {
  const reply = await callJson(bed.base, 'GET', '/api/library/items', { token: member.token });
  return (reply.body.items as Array<{ title: string }>).map((item) => item.title);
};
const deletedEvent = (id: string) => ({
  type: 'deleted' as const,
  id,
  userId: member.userId,
  service: 'prompt' as const,
  deletedAt: new Date().toISOString(),
});

beforeAll(async () => {
  bed = await startLibraryBed();
}, 60_000);

afterAll(async () => {
  await bed?.close();
});

it('applies an event delivered twice once', async () => {
  member = await bed.member();
  const event = createdEvent(member.userId, { title: 'Twice told' });
  // Twice past the duplicate window (another message id), as a redelivery after a lost ack would be.
  await bed.publish(event);
  await bed.publish(event, 'again');
  await bed.settled();
  expect(await titles()).toEqual(['Twice told']);
  const [row] = await bed.sql`select count(*)::int as n from library_items where id = ${event.id}`;
  expect(row!.n).toBe(1);
});

it('keeps a result deleted when its `deleted` event arrives before its `created`', async () => {
  member = await bed.member();
  const event = createdEvent(member.userId, { title: 'Gone before it came' });
  await bed.publish(deletedEvent(event.id));
  await bed.publish(event);
  await bed.settled();
  expect(await titles()).toEqual([]);
  const item = await callJson(bed.base, 'GET', `/api/library/items/${event.id}`, { token: member.token });
  expect(item.status).toBe(404);
});

it('removes a result on `deleted` and a late re-announcement never brings it back', async () => {
  member = await bed.member();
  const event = createdEvent(member.userId, { title: 'Short-lived' });
  await bed.publish(event);
  await bed.settled();
  expect(await titles()).toEqual(['Short-lived']);
  await bed.publish(deletedEvent(event.id));
  await bed.publish({ ...event, title: 'Back from the dead' }, 'late');
  await bed.settled();
  expect(await titles()).toEqual([]);
});

it('replaces title and text on a re-announcement, keeping the first creation time', async () => {
  member = await bed.member();
  const first = createdEvent(member.userId, {
    title: 'Chat about foxes',
    text: 'foxes',
    createdAt: '2026-11-01T10:00:00.000Z',
  });
  const firstSeq = await bed.publish(first);
  await bed.publish(
    {
      ...first,
      title: 'Chat about foxes and owls',
      text: 'foxes owls',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
    'r2',
  );
  await bed.settled();
  const reply = await callJson(bed.base, 'GET', '/api/library/items?q=owls', { token: member.token });
  const items = reply.body.items as Array<{ title: string; createdAt: string }>;
  expect(items.map((i) => [i.title, i.createdAt])).toEqual([
    ['Chat about foxes and owls', '2026-11-01T10:00:00.000Z'],
  ]);
  // The older announcement's message delivered again (a redelivery keeps its stream position) loses to the newer.
  await createLibraryStore(bed.sql).applyCreated(first, firstSeq);
  expect(await titles()).toEqual(['Chat about foxes and owls']);
});

it('dead-letters an event that is not one, and goes on with the next', async () => {
  member = await bed.member();
  const js = jetstream(bed.nc);
  const dead = await js.publish(bed.names.creationCreated, '{"type":"created","id":"nope"}', {
    msgID: `bad:${randomUUID()}`,
  });
  await bed.publish(createdEvent(member.userId, { title: 'After the bad one' }));
  await bed.settled();
  expect(await titles()).toEqual(['After the bad one']);
  const jsm = await js.jetstreamManager();
  const letter = await waitUntil(
    () => jsm.streams.getMessage(bed.names.creationsStream, { last_by_subj: bed.names.creationDeadLetter }),
    undefined,
    { retryErrors: true, what: 'the dead letter' },
  );
  expect(letter?.string()).toBe('{"type":"created","id":"nope"}');
  expect(dead.seq).toBeLessThan(letter!.seq);
});
