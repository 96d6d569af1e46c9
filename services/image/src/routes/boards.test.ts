// Image boards over HTTP on real PostgreSQL (docs/product-rules.md#image-boards): boards hold a member's text-to-image
// images and photo-effect results, filter both gallery lists, keep their images when deleted, lose an image when it is
// deleted, and are private: another member's board or image id answers 404 on every route.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, IMAGE_BOARD_LIMITS, type ImageBoard } from '@act/contracts';
import { callJson, expectOwnerOnly } from '@act/service-kit/testing';
import { createImageStore } from '../db/image-store';
import { startImageTestBed, type ImageTestBed } from '../test-support/test-bed';

const BOARDS = '/api/image/boards';
const IMAGES = '/api/image/text-to-image/images';
const RESULTS = '/api/image/generated-images';
const B = ERROR_TEXTS.imageBoards;

let bed: ImageTestBed;

beforeAll(async () => {
  bed = await startImageTestBed('image_boards');
}, 90_000);

afterAll(() => bed?.close(), 30_000);

interface Member {
  token: string;
  userId: string;
}

async function newMember(): Promise<Member> {
  const userId = randomUUID();
  return { userId, token: await bed.jwks.tokenFor(userId) };
}

const call = (member: Member, method: string, path: string, body?: unknown) =>
  callJson(bed.service.url, method, path, { token: member.token, ...(body ? { body } : {}) });

/** The same call as a raw Response (for expectOwnerOnly). */
const raw = (member: Member, method: string, path: string, body?: unknown) =>
  fetch(`${bed.service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** A stored text-to-image image of the member's (its keys need no object: only signed URLs are minted). */
async function textToImage(member: Member, prompt = 'A lighthouse'): Promise<string> {
  const id = randomUUID();
  await createImageStore(bed.sql).transaction((tx) =>
    tx.insert({
      id,
      user_id: member.userId,
      positive_prompt: prompt,
      negative_prompt: null,
      model_name: 'flux-schnell',
      style: null,
      aspect_ratio: 'square',
      image_format: 'png',
      seed: 1,
      width: 64,
      height: 64,
      image_key: `image/${member.userId}/${id}.png`,
      thumbnail_key: `image/${member.userId}/${id}-thumb.webp`,
    }),
  );
  return id;
}

/** A photo-effect result of the member's. */
async function effectResult(member: Member): Promise<string> {
  const id = randomUUID();
  const dir = `image/${member.userId}`;
  await bed.sql`insert into generated_images
    (id, user_id, tool_id, positive_prompt, image_key, thumbnail_key, original_key, width, height)
    values (${id}, ${member.userId}, 'cartoonify', 'Cartoonify', ${`${dir}/${id}.jpg`},
      ${`${dir}/${id}-t.webp`}, ${`${dir}/${id}-o.png`}, 64, 64)`;
  return id;
}

async function createBoard(member: Member, name: string): Promise<ImageBoard> {
  const reply = await call(member, 'POST', BOARDS, { name });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return (reply.body as { board: ImageBoard }).board;
}

async function boardsOf(member: Member): Promise<ImageBoard[]> {
  const reply = await call(member, 'GET', BOARDS);
  expect(reply.status).toBe(200);
  return (reply.body as { boards: ImageBoard[] }).boards;
}

async function galleryIds(member: Member, query: string): Promise<string[]> {
  const reply = await call(member, 'GET', `${IMAGES}${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as { images: { id: string }[] }).images.map((image) => image.id);
}

async function resultIds(member: Member, query: string): Promise<string[]> {
  const reply = await call(member, 'GET', `${RESULTS}${query}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body as { images: { id: string }[] }).images.map((image) => image.id);
}

const add = (member: Member, board: string, imageId: string) =>
  call(member, 'POST', `${BOARDS}/${board}/images`, { imageId });

describe('boards', () => {
  it('hold images of both kinds, filter both gallery lists, and an image can be on two boards', async () => {
    const member = await newMember();
    const [sea, hills, other] = [
      await textToImage(member, 'sea'),
      await textToImage(member, 'hills'),
      await textToImage(member, 'other'),
    ];
    const result = await effectResult(member);
    const favourites = await createBoard(member, 'Favourites');
    const prints = await createBoard(member, 'To print');
    expect(favourites).toMatchObject({ name: 'Favourites', imageCount: 0, coverUrl: null, imageIds: [] });

    expect((await add(member, favourites.id, sea)).status).toBe(200);
    expect((await add(member, favourites.id, result)).status).toBe(200);
    expect((await add(member, prints.id, sea)).status).toBe(200);
    const added = await add(member, prints.id, hills);
    expect((added.body as { board: ImageBoard }).board).toMatchObject({
      imageCount: 2,
      imageIds: [hills, sea],
    });

    expect(await galleryIds(member, `?board=${favourites.id}`)).toEqual([sea]);
    expect((await galleryIds(member, `?board=${prints.id}`)).sort()).toEqual([sea, hills].sort());
    expect(await galleryIds(member, '')).toHaveLength(3);
    expect(await galleryIds(member, '')).toContain(other);
    expect(await resultIds(member, `?board=${favourites.id}`)).toEqual([result]);
    expect(await resultIds(member, `?board=${prints.id}`)).toEqual([]);
    // The result carries its original, so the gallery can compare the two.
    const results = await call(member, 'GET', RESULTS);
    expect((results.body as { images: { original_url: string }[] }).images[0]!.original_url).toContain(
      `${result}-o.png`,
    );

    const listed = await boardsOf(member);
    expect(listed.map((b) => [b.name, b.imageCount])).toEqual([
      ['Favourites', 2],
      ['To print', 2],
    ]);
    // The cover is the image added last, signed for the reply.
    expect(listed[0]!.coverUrl).toContain(`${result}-t.webp`);
  });

  it('adds an image twice as once, and takes it off again', async () => {
    const member = await newMember();
    const image = await textToImage(member);
    const board = await createBoard(member, 'Twice');
    await add(member, board.id, image);
    const again = await add(member, board.id, image);
    expect(again.status).toBe(200);
    expect((again.body as { board: ImageBoard }).board.imageCount).toBe(1);

    const removed = await call(member, 'DELETE', `${BOARDS}/${board.id}/images/${image}`);
    expect(removed.status).toBe(200);
    expect((removed.body as { board: ImageBoard }).board.imageCount).toBe(0);
    expect(await galleryIds(member, `?board=${board.id}`)).toEqual([]);
    expect(await galleryIds(member, '')).toEqual([image]);
  });

  it('deleting a board keeps its images; deleting an image takes it off its boards', async () => {
    const member = await newMember();
    const [kept, gone] = [await textToImage(member), await textToImage(member)];
    const first = await createBoard(member, 'First');
    const second = await createBoard(member, 'Second');
    for (const image of [kept, gone]) {
      await add(member, first.id, image);
      await add(member, second.id, image);
    }

    expect((await call(member, 'DELETE', `${BOARDS}/${first.id}`)).status).toBe(200);
    expect((await boardsOf(member)).map((b) => b.name)).toEqual(['Second']);
    expect((await galleryIds(member, '')).sort()).toEqual([kept, gone].sort());
    expect((await galleryIds(member, `?board=${second.id}`)).sort()).toEqual([kept, gone].sort());

    expect((await call(member, 'DELETE', `${IMAGES}/${gone}`)).status).toBe(200);
    const [board] = await boardsOf(member);
    expect(board).toMatchObject({ imageCount: 1, imageIds: [kept] });
    expect(await galleryIds(member, `?board=${second.id}`)).toEqual([kept]);
  });

  it('renames a board, and refuses bad names in plain words, changing nothing', async () => {
    const member = await newMember();
    const board = await createBoard(member, 'Draft');
    await createBoard(member, 'Taken');
    const renamed = await call(member, 'PATCH', `${BOARDS}/${board.id}`, { name: '  Final  ' });
    expect(renamed.status).toBe(200);
    expect((renamed.body as { board: ImageBoard }).board.name).toBe('Final');

    const refusals: [unknown, number, string][] = [
      [{ name: '   ' }, 400, B.nameRequired],
      [{ name: 'x'.repeat(IMAGE_BOARD_LIMITS.nameMax + 1) }, 400, B.nameTooLong],
      [{ name: 'TAKEN' }, 409, B.nameTaken],
    ];
    for (const [body, status, error] of refusals) {
      for (const [method, path] of [
        ['POST', BOARDS],
        ['PATCH', `${BOARDS}/${board.id}`],
      ] as const) {
        const reply = await call(member, method, path, body);
        expect(reply, `${method} ${JSON.stringify(body)}`).toMatchObject({ status, body: { error } });
      }
    }
    expect((await boardsOf(member)).map((b) => b.name)).toEqual(['Final', 'Taken']);
  });

  it(`keeps at most ${IMAGE_BOARD_LIMITS.boardsPerMember} boards per member, even when asked at once`, async () => {
    const member = await newMember();
    const replies = await Promise.all(
      Array.from({ length: IMAGE_BOARD_LIMITS.boardsPerMember + 5 }, (_, i) =>
        call(member, 'POST', BOARDS, { name: `Board ${i}` }),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(IMAGE_BOARD_LIMITS.boardsPerMember);
    const refused = replies.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(5);
    for (const reply of refused)
      expect(reply).toMatchObject({ status: 400, body: { error: B.tooManyBoards } });
    expect(await boardsOf(member)).toHaveLength(IMAGE_BOARD_LIMITS.boardsPerMember);
  });
});

describe('a full board', () => {
  it(`holds at most ${IMAGE_BOARD_LIMITS.imagesPerBoard} images; adding one already on it still answers the same`, async () => {
    const member = await newMember();
    const board = await createBoard(member, 'Full');
    const first = await textToImage(member);
    await add(member, board.id, first);
    // The rest of the board filled directly: what is tested is the refusal at the limit.
    await bed.sql`
      with images as (
        insert into text_to_images (id, user_id, positive_prompt, model_name, aspect_ratio, image_format, seed,
          width, height, image_key, thumbnail_key)
        select gen_random_uuid(), ${member.userId}, 'filler', 'flux-schnell', 'square', 'png', 1, 64, 64,
          ${`image/${member.userId}/f.png`}, ${`image/${member.userId}/f.webp`}
        from generate_series(2, ${IMAGE_BOARD_LIMITS.imagesPerBoard})
        returning id)
      insert into image_board_items (board_id, text_to_image_id) select ${board.id}, id from images`;
    const extra = await textToImage(member);
    expect(await add(member, board.id, extra)).toMatchObject({ status: 400, body: { error: B.boardFull } });
    const again = await add(member, board.id, first);
    expect(again.status).toBe(200);
    expect((again.body as { board: ImageBoard }).board.imageCount).toBe(IMAGE_BOARD_LIMITS.imagesPerBoard);
  });
});

describe('privacy', () => {
  it("answers 404 to another member's board on every board route and on both lists' filter", async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const strangersImage = await textToImage(stranger);
    const ownersImage = await textToImage(owner);
    await expectOwnerOnly({
      async createAsOwner() {
        const board = await createBoard(owner, 'Mine');
        await add(owner, board.id, ownersImage);
        return board.id;
      },
      ownerView: async (id) => (await boardsOf(owner)).find((board) => board.id === id),
      asStranger: {
        rename: (id) => raw(stranger, 'PATCH', `${BOARDS}/${id}`, { name: 'Theirs' }),
        delete: (id) => raw(stranger, 'DELETE', `${BOARDS}/${id}`),
        add: (id) => raw(stranger, 'POST', `${BOARDS}/${id}/images`, { imageId: strangersImage }),
        remove: (id) => raw(stranger, 'DELETE', `${BOARDS}/${id}/images/${ownersImage}`),
        filterGallery: (id) => raw(stranger, 'GET', `${IMAGES}?board=${id}`),
        filterResults: (id) => raw(stranger, 'GET', `${RESULTS}?board=${id}`),
      },
    });
    expect(await boardsOf(stranger)).toEqual([]);
  });

  it("answers 404 to another member's image added to or removed from one's own board", async () => {
    const owner = await newMember();
    const stranger = await newMember();
    const board = await createBoard(stranger, 'Theirs');
    await expectOwnerOnly({
      createAsOwner: () => textToImage(owner),
      ownerView: async (id) => (await galleryIds(owner, '')).filter((image) => image === id),
      asStranger: {
        add: (id) => raw(stranger, 'POST', `${BOARDS}/${board.id}/images`, { imageId: id }),
        remove: (id) => raw(stranger, 'DELETE', `${BOARDS}/${board.id}/images/${id}`),
      },
    });
    await expectOwnerOnly({
      createAsOwner: () => effectResult(owner),
      ownerView: async (id) => (await resultIds(owner, '')).filter((image) => image === id),
      asStranger: {
        add: (id) => raw(stranger, 'POST', `${BOARDS}/${board.id}/images`, { imageId: id }),
      },
    });
    expect((await boardsOf(stranger))[0]!.imageCount).toBe(0);
  });
});
