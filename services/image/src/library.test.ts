// The image service's side of the member's library (issue 37), for real: PostgreSQL, NATS JetStream, credits, the
// fake fal and the local S3. A stored image or effect result reaches the CREATIONS stream with what the library
// lists; a failed run announces nothing; a delete (the gallery's or the library's request) removes the result and
// announces it, and never touches another member's; the backfill announces the older results once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreationDeleteReplySchema, type CreationCreated } from '@act/contracts/server';
import { backfillCreations, type CreationOwner } from '@act/service-kit';
import { callJson, creationEvents, dataUrl, silentLogger } from '@act/service-kit/testing';
import { imageBackfillPage } from './domain/creations';
import { startImageLibrary } from './library';
import { startImageTestBed, type ImageReplica, type ImageTestBed } from './test-support/test-bed';
import { bluishPhoto } from './test-support/test-images';

let bed: ImageTestBed;
let service: ImageReplica;
let owner: CreationOwner;

beforeAll(async () => {
  bed = await startImageTestBed('image_library');
  service = bed.service;
  const { nc, sql, files, outbox, names, creations } = bed;
  owner = await startImageLibrary({ nc, sql, files, outbox, names, creations, logger: silentLogger() });
}, 90_000);

afterAll(async () => {
  await owner?.stop();
  await bed?.close();
}, 30_000);

async function generate(token: string, prompt: string) {
  return callJson(service.url, 'POST', '/api/image/text-to-image/generate-image', {
    token,
    body: {
      model: 'flux-schnell',
      prompt,
      aspectRatio: 'square',
      imageFormat: 'png',
      toolName: 'text-to-image',
    },
  });
}

async function eventsOf(id: string) {
  await bed.outbox.publishPending();
  return creationEvents(bed.nc, bed.names, id);
}

const askDelete = async (id: string, userId: string) =>
  CreationDeleteReplySchema.parse(
    (
      await bed.nc.request(`${bed.names.creationDeletePrefix}.image`, JSON.stringify({ id, userId }), {
        timeout: 10_000,
      })
    ).json(),
  );

describe('stored results are announced', () => {
  it('announces a text-to-image picture with its prompt, files and the page that reopens it', async () => {
    const { token, userId } = await bed.newMember();
    const reply = await generate(token, 'A lighthouse on a cliff at dawn');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const id = (reply.body as { id: string }).id;
    const [created, ...more] = await eventsOf(id);
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      type: 'created',
      id,
      userId,
      service: 'image',
      kind: 'image',
      tool: 'text-to-image',
      title: 'A lighthouse on a cliff at dawn',
      file: { contentType: 'image/png' },
      thumbnail: { contentType: 'image/webp' },
      openUrl: `/tools/text-to-image?open=${id}`,
    });
    const [row] = await bed.sql<
      { image_key: string }[]
    >`select image_key from text_to_images where id = ${id}`;
    expect((created as CreationCreated).file?.key).toBe(row!.image_key);
  });

  it('announces a photo effect result under its tool', async () => {
    const { token, userId } = await bed.newMember();
    const image = dataUrl(await bluishPhoto(320, 240), 'image/png');
    const reply = await callJson(service.url, 'POST', '/api/image/cartoonify', {
      token,
      body: { image, toolName: 'cartoonify' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const id = (reply.body as { id: string }).id;
    expect(await eventsOf(id)).toMatchObject([
      { type: 'created', userId, tool: 'cartoonify', kind: 'image', openUrl: `/tools/cartoonify?open=${id}` },
    ]);
  });

  it('announces nothing when the provider fails and the charge is released', async () => {
    const { token, userId } = await bed.newMember();
    bed.fal.mode = 'fail';
    try {
      const reply = await generate(token, 'A failing lighthouse');
      expect(reply.status).toBeGreaterThanOrEqual(500);
    } finally {
      bed.fal.reset();
    }
    await bed.outbox.publishPending();
    const mine = (await creationEvents(bed.nc, bed.names)).filter((event) => event.userId === userId);
    expect(mine).toEqual([]);
    expect(await bed.settled(token)).toMatchObject({ balance: 50 });
  });
});

describe('deletes', () => {
  it("announces the gallery's delete, and the image's file is gone", async () => {
    const { token, userId } = await bed.newMember();
    const id = ((await generate(token, 'A red kite')).body as { id: string }).id;
    const [row] = await bed.sql<
      { image_key: string }[]
    >`select image_key from text_to_images where id = ${id}`;
    const deleted = await callJson(service.url, 'DELETE', `/api/image/text-to-image/images/${id}`, { token });
    expect(deleted.status).toBe(200);
    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual(['created', 'deleted']);
    expect(events[1]).toMatchObject({ userId, service: 'image' });
    await expect(bed.files.read(row!.image_key)).rejects.toThrow();
  });

  it("answers the library's request for another member's id with deleted: false and keeps the image", async () => {
    const owner = await bed.newMember();
    const other = await bed.newMember();
    const id = ((await generate(owner.token, 'A blue heron')).body as { id: string }).id;
    expect(await askDelete(id, other.userId)).toEqual({ deleted: false });
    expect(await bed.sql`select 1 from text_to_images where id = ${id}`).toHaveLength(1);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['created']);

    expect(await askDelete(id, owner.userId)).toEqual({ deleted: true });
    expect(await bed.sql`select 1 from text_to_images where id = ${id}`).toHaveLength(0);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['created', 'deleted']);
    expect(await askDelete(id, owner.userId)).toEqual({ deleted: false });
  });

  it("deletes an effect's result for the library, with its files", async () => {
    const { token, userId } = await bed.newMember();
    const image = dataUrl(await bluishPhoto(320, 240), 'image/png');
    const reply = await callJson(service.url, 'POST', '/api/image/cartoonify', {
      token,
      body: { image, toolName: 'cartoonify' },
    });
    const id = (reply.body as { id: string }).id;
    expect(await askDelete(id, userId)).toEqual({ deleted: true });
    expect(await bed.sql`select 1 from generated_images where id = ${id}`).toHaveLength(0);
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['created', 'deleted']);
  });
});

describe('backfill', () => {
  it('announces the results stored before the library once, even with two replicas starting together', async () => {
    const userId = randomUUID();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      await bed.sql`
        insert into text_to_images (id, user_id, positive_prompt, model_name, aspect_ratio, image_format, seed,
          width, height, image_key, thumbnail_key)
        values (${id}, ${userId}, 'An old picture', 'flux-schnell', 'square', 'png', 1, 1024, 1024,
          ${`image/${userId}/${id}.png`}, ${`image/${userId}/${id}.thumb.webp`})`;
    }
    // As on a database the library has never seen: the backfill has not run.
    await bed.sql`delete from creation_backfills`;
    const options = {
      service: 'image' as const,
      nc: bed.nc,
      sql: bed.sql,
      outbox: bed.outbox,
      names: bed.names,
      logger: silentLogger(),
      backfillPage: imageBackfillPage,
      deleteResult: () => Promise.resolve(false),
      batchSize: 2,
    };
    await Promise.all([backfillCreations(options), backfillCreations(options)]);
    expect(await backfillCreations(options)).toBe(0);
    for (const id of ids) {
      expect(await eventsOf(id)).toMatchObject([
        { type: 'created', userId, title: 'An old picture', tool: 'text-to-image' },
      ]);
    }
  });
});
