// The library's HTTP side over real PostgreSQL and NATS: the member's list (filters, search, pages), one item,
// delete through the owning service (a responder on its NATS subject), and another member's ids answering 404.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatAnswerRequestSchema,
  CreationDeleteRequestSchema,
  type ChatAnswerRequest,
  type CreationCreated,
} from '@act/contracts/server';
import { ERROR_TEXTS } from '@act/contracts';
import { callJson, waitUntil } from '@act/service-kit/testing';
import { createUrlSigner } from '@act/service-kit';
import {
  createdEvent,
  startLibraryBed,
  TEST_FILE_URL_SECRET,
  type LibraryBed,
} from './test-support/library-bed';

let bed: LibraryBed;
let owner: { userId: string; token: string };
let other: { userId: string; token: string };
const seeded: CreationCreated[] = [];

interface Item {
  id: string;
  kind: string;
  tool: string;
  title: string;
  previewUrl?: string;
  excerpt?: string;
  openUrl: string;
}
const list = async (query: string, token = owner.token) => {
  const reply = await callJson(bed.base, 'GET', `/api/library/items${query}`, { token });
  return {
    ...reply,
    items: (reply.body.items ?? []) as Item[],
    next: reply.body.nextCursor as string | null,
  };
};

beforeAll(async () => {
  bed = await startLibraryBed({ deleteTimeoutMs: 500 });
  owner = await bed.member();
  other = await bed.member();
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();
  seeded.push(
    createdEvent(owner.userId, {
      title: 'Cartoon cat',
      text: 'A cartoonish cat on a sofa',
      createdAt: at(1),
    }),
    createdEvent(owner.userId, {
      service: 'image',
      kind: 'image',
      tool: 'text-to-image',
      title: 'Lighthouse at dusk',
      text: undefined,
      file: { key: `image/${owner.userId}/${randomUUID()}.png`, contentType: 'image/png' },
      thumbnail: { key: `image/${owner.userId}/${randomUUID()}.thumb.webp`, contentType: 'image/webp' },
      openUrl: '/tools/text-to-image?open=1',
      createdAt: at(2),
    }),
    createdEvent(owner.userId, {
      service: 'youtube',
      kind: 'summary',
      tool: 'youtube-summarizer',
      title: 'How lighthouses work',
      text: 'x'.repeat(400),
      createdAt: at(3),
    }),
    createdEvent(other.userId, { title: 'Cartoon dog', text: 'Another member’s cartoon', createdAt: at(4) }),
  );
  for (const event of seeded) await bed.publish(event);
  await bed.settled();
}, 60_000);

afterAll(async () => {
  await bed?.close();
});

describe('GET /api/library/items', () => {
  it('lists only the member’s own items, newest first, with excerpts and previews', async () => {
    const { status, items } = await list('');
    expect(status).toBe(200);
    expect(items.map((i) => i.title)).toEqual(['How lighthouses work', 'Lighthouse at dusk', 'Cartoon cat']);
    const [summary, image] = items;
    expect(summary!.excerpt).toHaveLength(280);
    expect(summary!.previewUrl).toBe(`/api/library/items/${summary!.id}`);
    const thumbKey = seeded[1]!.thumbnail!.key;
    const [, ownerId, name] = thumbKey.split('/');
    expect(image!.previewUrl).toMatch(new RegExp(`^/api/image/files/${ownerId}/${name}\\?`));
    // Signed as the image service's file route verifies it.
    const query = Object.fromEntries(new URLSearchParams(image!.previewUrl!.split('?')[1]));
    expect(createUrlSigner(TEST_FILE_URL_SECRET, 900).verify(thumbKey, query)).toBe(true);
    expect(image!.openUrl).toBe('/tools/text-to-image?open=1');
  });

  it('filters by kind, tool and dates', async () => {
    expect((await list('?kind=image')).items.map((i) => i.title)).toEqual(['Lighthouse at dusk']);
    expect((await list('?tool=image-to-prompt')).items.map((i) => i.title)).toEqual(['Cartoon cat']);
    const from = encodeURIComponent('2026-11-01T12:02:00Z');
    const to = encodeURIComponent('2026-11-01T12:02:30Z');
    expect((await list(`?from=${from}&to=${to}`)).items.map((i) => i.title)).toEqual(['Lighthouse at dusk']);
    expect((await list('?kind=sculpture')).status).toBe(400);
  });

  it('searches titles and text, by whole words and by the start of a word', async () => {
    expect((await list('?q=sofa')).items.map((i) => i.title)).toEqual(['Cartoon cat']);
    expect((await list('?q=cart')).items.map((i) => i.title)).toEqual(['Cartoon cat']);
    expect((await list('?q=lighthouse')).items.map((i) => i.title)).toEqual([
      'How lighthouses work',
      'Lighthouse at dusk',
    ]);
    expect((await list(`?q=${encodeURIComponent('"at dusk"')}`)).items.map((i) => i.title)).toEqual([
      'Lighthouse at dusk',
    ]);
    // Another member's words find nothing, and odd characters are no error.
    expect((await list('?q=dog')).items).toEqual([]);
    expect((await list(`?q=${encodeURIComponent('&|!:*()')}`)).status).toBe(200);
  });

  it('pages with a cursor and refuses a forged one', async () => {
    const first = await list('?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.next).toBeTruthy();
    const second = await list(`?limit=2&cursor=${first.next}`);
    expect(second.items.map((i) => i.title)).toEqual(['Cartoon cat']);
    expect(second.next ?? null).toBeNull();
    expect((await list('?cursor=bogus')).status).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await callJson(bed.base, 'GET', '/api/library/items')).status).toBe(401);
  });
});

describe('GET /api/library/items/:id', () => {
  it('gives the whole text of a text result and a signed file URL of an image', async () => {
    const summary = await callJson(bed.base, 'GET', `/api/library/items/${seeded[2]!.id}`, {
      token: owner.token,
    });
    expect(summary.status).toBe(200);
    expect((summary.body.item as { text: string }).text).toHaveLength(400);
    const image = await callJson(bed.base, 'GET', `/api/library/items/${seeded[1]!.id}`, {
      token: owner.token,
    });
    const item = image.body.item as { fileUrl: string; contentType: string };
    expect(item.fileUrl).toMatch(/^\/api\/image\/files\//);
    expect(item.contentType).toBe('image/png');
  });

  it('answers 404 for another member’s item and for an unknown id', async () => {
    const foreign = await callJson(bed.base, 'GET', `/api/library/items/${seeded[3]!.id}`, {
      token: owner.token,
    });
    expect(foreign.status).toBe(404);
    const unknown = await callJson(bed.base, 'GET', `/api/library/items/${randomUUID()}`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/library/items/:id?message= (one chat answer)', () => {
  /** Stands in for the chat service: it knows one answer, of `session`'s owner, and says null for anything else. */
  const chatAnswering = (known: ChatAnswerRequest, asked: ChatAnswerRequest[]) =>
    bed.nc.subscribe(bed.names.chatAnswer, {
      callback: (_error, message) => {
        const request = ChatAnswerRequestSchema.parse(message.json());
        asked.push(request);
        const same = JSON.stringify(request) === JSON.stringify(known);
        message.respond(JSON.stringify({ text: same ? 'Only the second answer' : null }));
      },
    });
  const answerOf = (id: string, query: string, token = owner.token) =>
    callJson(bed.base, 'GET', `/api/library/items/${id}${query}`, { token });

  it("gives the named answer's text instead of the session's, and 404 for an answer not of this session", async () => {
    const session = createdEvent(owner.userId, {
      service: 'chat',
      kind: 'chat',
      tool: 'chat-agent',
      title: 'Two answers',
      text: 'Two answers\n\nThe first answer\n\nOnly the second answer',
    });
    const theirs = createdEvent(other.userId, { service: 'chat', kind: 'chat', tool: 'chat-agent' });
    await bed.publish(session);
    await bed.publish(theirs);
    await bed.settled();
    const messageId = randomUUID();
    const asked: ChatAnswerRequest[] = [];
    const responder = chatAnswering(
      { sessionId: session.id, userId: owner.userId, messageId, column: 'model-b' },
      asked,
    );
    await bed.nc.flush();
    try {
      const reply = await answerOf(session.id, `?message=${messageId}&column=model-b`);
      expect(reply.status).toBe(200);
      expect(reply.body.item).toMatchObject({
        id: session.id,
        title: 'Two answers',
        text: 'Only the second answer',
      });
      // An answer chat does not know in this member's session (another session's, or of another column): 404.
      expect((await answerOf(session.id, `?message=${randomUUID()}`)).status).toBe(404);
      expect((await answerOf(session.id, `?message=${messageId}&column=model-a`)).status).toBe(404);
      expect(asked).toHaveLength(3);
      // Another member's session, or an item that is not a chat: 404 without asking chat at all.
      expect((await answerOf(theirs.id, `?message=${messageId}`)).status).toBe(404);
      expect((await answerOf(seeded[2]!.id, `?message=${messageId}`)).status).toBe(404);
      expect((await answerOf(session.id, '?message=not-an-id')).status).toBe(400);
      expect(asked).toHaveLength(3);
      // Without `message` the item is the session, as before.
      expect(((await answerOf(session.id, '')).body.item as { text: string }).text).toContain(
        'The first answer',
      );
    } finally {
      responder.unsubscribe();
    }
  });

  it('answers 503 when chat does not answer in time', async () => {
    const session = createdEvent(owner.userId, { service: 'chat', kind: 'chat', tool: 'chat-reasoning' });
    await bed.publish(session);
    await bed.settled();
    const silent = bed.nc.subscribe(bed.names.chatAnswer, { callback: () => undefined });
    await bed.nc.flush();
    try {
      const reply = await answerOf(session.id, `?message=${randomUUID()}`);
      expect(reply.status).toBe(503);
      expect(reply.body.error).toBe(ERROR_TEXTS.server.serviceUnavailable);
    } finally {
      silent.unsubscribe();
    }
  });
});

describe('DELETE /api/library/items/:id', () => {
  it('asks the owning service, then the entry is gone at once; a second delete is 404', async () => {
    const event = createdEvent(owner.userId, { title: 'To delete' });
    await bed.publish(event);
    await bed.settled();
    const asked: unknown[] = [];
    const responder = bed.nc.subscribe(`${bed.names.creationDeletePrefix}.prompt`, {
      callback: (_error, message) => {
        asked.push(CreationDeleteRequestSchema.parse(message.json()));
        message.respond(JSON.stringify({ deleted: true }));
      },
    });
    await bed.nc.flush();
    try {
      const reply = await callJson(bed.base, 'DELETE', `/api/library/items/${event.id}`, {
        token: owner.token,
      });
      expect(reply.status).toBe(200);
      expect(asked).toEqual([{ id: event.id, userId: owner.userId }]);
      expect((await list('')).items.map((i) => i.id)).not.toContain(event.id);
      const again = await callJson(bed.base, 'DELETE', `/api/library/items/${event.id}`, {
        token: owner.token,
      });
      expect(again.status).toBe(404);
      expect(asked).toHaveLength(1);
    } finally {
      responder.unsubscribe();
    }
  });

  it('never asks about another member’s item: 404 and it stays theirs', async () => {
    const asked: unknown[] = [];
    const responder = bed.nc.subscribe(`${bed.names.creationDeletePrefix}.prompt`, {
      callback: (_error, message) => {
        asked.push(message.json());
        message.respond(JSON.stringify({ deleted: true }));
      },
    });
    await bed.nc.flush();
    try {
      const reply = await callJson(bed.base, 'DELETE', `/api/library/items/${seeded[3]!.id}`, {
        token: owner.token,
      });
      expect(reply.status).toBe(404);
      expect(asked).toEqual([]);
      expect((await list('', other.token)).items.map((i) => i.id)).toContain(seeded[3]!.id);
    } finally {
      responder.unsubscribe();
    }
  });

  it('answers 503 with a clear text and changes nothing when the owning service does not answer', async () => {
    const event = createdEvent(owner.userId, { service: 'voice', kind: 'audio', tool: 'text-to-speech' });
    await bed.publish(event);
    await bed.settled();
    // A responder that never answers: the request times out.
    const silent = bed.nc.subscribe(`${bed.names.creationDeletePrefix}.voice`, { callback: () => undefined });
    await bed.nc.flush();
    try {
      const reply = await callJson(bed.base, 'DELETE', `/api/library/items/${event.id}`, {
        token: owner.token,
      });
      expect(reply.status).toBe(503);
      expect(reply.body.error).toBe(ERROR_TEXTS.library.deleteUnavailable);
    } finally {
      silent.unsubscribe();
    }
    await waitUntil(async () => (await list('?kind=audio')).items.length === 1, undefined, { what: 'kept' });
  });
});
