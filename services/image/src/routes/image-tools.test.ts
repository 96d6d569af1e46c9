// Upscale and Edit a region over HTTP (docs/product-rules.md#upscale, #edit-a-region): real credits, the local S3,
// the fake of fal's queue, a replica without a key (standard upscale, edit refused) and one with a key. Members start
// with 50 credits; an upscale costs 5, an edit 20.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, UpscaleReplySchema, EditImageReplySchema, type GeneratedImage } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { callJson, dataUrl, expectOwnerOnly, makeJpeg, makePng } from '@act/service-kit/testing';
import { startImageTestBed, type ImageReplica, type ImageTestBed } from '../test-support/test-bed';

const UPSCALE = '/api/image/upscale';
const EDIT = '/api/image/edit';
const I = ERROR_TEXTS.image;

let bed: ImageTestBed;
let keyless: ImageReplica;

beforeAll(async () => {
  bed = await startImageTestBed('image_tools');
  keyless = await bed.startReplica({ withKey: false });
}, 90_000);

afterAll(() => bed?.close(), 30_000);

beforeEach(() => bed.fal.reset());

const post = (url: string, path: string, token: string, body: Record<string, unknown>) =>
  callJson(url, 'POST', path, { token, body });

/** A mask of `width`×`height`: black, with a white rectangle where the picture may change. */
function maskPng(width: number, height: number, painted = true): Promise<Buffer> {
  const rect = painted ? `<rect x="10" y="10" width="40" height="30" fill="#ffffff"/>` : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000000"/>${rect}</svg>`;
  return openImage(Buffer.from(svg)).png().toBuffer();
}

async function sizeOfUrl(url: string, path: string) {
  const file = await fetch(`${url}${path}`);
  expect(file.status).toBe(200);
  const meta = await openImage(Buffer.from(await file.arrayBuffer())).metadata();
  return [meta.format, meta.width, meta.height];
}

async function hubGallery(url: string, token: string): Promise<GeneratedImage[]> {
  const reply = await callJson(url, 'GET', '/api/image/generated-images?limit=50', { token });
  return (reply.body as { images: GeneratedImage[] }).images;
}

describe('upscale without a provider key (standard upscale)', () => {
  it('stores a 400×300 photo upscaled 2× at 800×600 in the hub gallery and charges 5', async () => {
    const { token } = await bed.newMember();
    const status = await callJson(keyless.url, 'GET', '/api/image/status');
    expect(status.body).toMatchObject({ upscale: 'standard', editImage: false });

    const photo = await makeJpeg({ width: 400, height: 300, background: '#884422' });
    const reply = await post(keyless.url, UPSCALE, token, { image: dataUrl(photo, 'image/jpeg'), scale: 2 });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = UpscaleReplySchema.parse(reply.body);
    expect(body).toMatchObject({ width: 800, height: 600, method: 'standard', remainingCredits: 45 });
    expect(await sizeOfUrl(keyless.url, body.processedImageUrl)).toEqual(['jpeg', 800, 600]);
    expect(await sizeOfUrl(keyless.url, body.originalImageUrl)).toEqual(['jpeg', 400, 300]);
    const [listed] = await hubGallery(keyless.url, token);
    expect(listed).toMatchObject({ id: body.id, tool_id: 'upscale', width: 800, height: 600 });
    expect(bed.fal.requests).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 45, history: [['upscale', 5]] });
  });

  it("upscales one of the member's own images by id (4×); another member's id is a 404", async () => {
    const owner = await bed.newMember();
    const first = await post(keyless.url, UPSCALE, owner.token, {
      image: dataUrl(await makePng({ width: 40, height: 30 })),
      scale: 2,
    });
    const sourceId = UpscaleReplySchema.parse(first.body).id;
    const again = await post(keyless.url, UPSCALE, owner.token, { from: sourceId, scale: 4 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(UpscaleReplySchema.parse(again.body)).toMatchObject({ width: 320, height: 240 });

    const stranger = await bed.newMember();
    await expectOwnerOnly({
      createAsOwner: async () => sourceId,
      ownerView: async (id) =>
        (await callJson(keyless.url, 'GET', `/api/image/generated-images/${id}`, { token: owner.token }))
          .body,
      asStranger: {
        upscale: (id) =>
          fetch(`${keyless.url}${UPSCALE}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${stranger.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ from: id, scale: 2 }),
          }),
      },
    });
    expect(await bed.settled(stranger.token)).toEqual({ balance: 50, history: [] });
  });

  it('refuses, free and before any work, a result over the pixel cap, a bad scale, no source and both sources', async () => {
    const { token } = await bed.newMember();
    // 4000×3000 = 12 MP is a fine upload; 4× would be 192 MP.
    const big = dataUrl(await makeJpeg({ width: 4000, height: 3000 }), 'image/jpeg');
    const small = dataUrl(await makePng());
    for (const [body, text] of [
      [{ image: big, scale: 4 }, I.upscaleTooLarge(4)],
      [{ image: small, scale: 3 }, I.upscaleScaleInvalid],
      [{ scale: 2 }, I.imageOrFromRequired],
      [{ image: small, from: randomUUID(), scale: 2 }, I.imageAndFromBoth],
      [{ image: 'data:text/plain;base64,aGk=', scale: 2 }, ERROR_TEXTS.validation.invalidImage],
    ] as const) {
      const reply = await post(keyless.url, UPSCALE, token, body);
      expect(reply, text).toMatchObject({ status: 400, body: { success: false, error: text } });
    }
    expect(await hubGallery(keyless.url, token)).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });
});

describe('upscale with a provider key', () => {
  it("sends the picture and the scale to fal's upscaler and stores its result at the scaled size", async () => {
    const { token } = await bed.newMember();
    const status = await callJson(bed.service.url, 'GET', '/api/image/status');
    expect(status.body).toMatchObject({ upscale: 'model', editImage: true });
    const reply = await post(bed.service.url, UPSCALE, token, {
      image: dataUrl(await makePng({ width: 100, height: 60 })),
      scale: 4,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(UpscaleReplySchema.parse(reply.body)).toMatchObject({ width: 400, height: 240, method: 'model' });
    expect(bed.fal.requests).toHaveLength(1);
    expect(bed.fal.requests[0]).toMatchObject({ endpoint: 'fal-ai/esrgan', input: { scale: 4 } });
    expect(String(bed.fal.requests[0]?.input.image_url)).toMatch(/^data:image\/png;base64,/);
    expect(await bed.settled(token)).toEqual({ balance: 45, history: [['upscale', 5]] });
  });

  it('charges nothing when fal fails', async () => {
    const { token } = await bed.newMember();
    bed.fal.mode = 'fail';
    const reply = await post(bed.service.url, UPSCALE, token, { image: dataUrl(await makePng()), scale: 2 });
    expect(reply).toMatchObject({ status: 502, body: { error: I.upscaleFailed, remainingCredits: 50 } });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });
});

describe('edit a region', () => {
  it('without a provider key says so and answers 503, free, before reading the picture', async () => {
    const { token } = await bed.newMember();
    const reply = await post(keyless.url, EDIT, token, {
      image: dataUrl(await makePng({ width: 64, height: 48 })),
      mask: dataUrl(await maskPng(64, 48)),
      prompt: 'a red umbrella',
    });
    expect(reply).toMatchObject({
      status: 503,
      body: { success: false, code: 'PROVIDER_UNAVAILABLE', error: I.editNeedsProviderKey },
    });
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it('sends the picture, the mask and the prompt to the inpainting model, stores the result and charges 20', async () => {
    const { token } = await bed.newMember();
    const reply = await post(bed.service.url, EDIT, token, {
      image: dataUrl(await makePng({ width: 64, height: 48 })),
      mask: dataUrl(await maskPng(64, 48)),
      prompt: 'a red umbrella',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const body = EditImageReplySchema.parse(reply.body);
    expect(body).toMatchObject({ width: 64, height: 48, remainingCredits: 30 });
    const [sent] = bed.fal.requests;
    expect(sent?.endpoint).toBe('fal-ai/flux-pro/v1/fill');
    expect(sent?.input.prompt).toBe('a red umbrella');
    const mask = String(sent?.input.mask_url);
    expect(String(sent?.input.image_url)).toMatch(/^data:image\/png;base64,/);
    const sentMask = await openImage(Buffer.from(mask.slice(mask.indexOf(',') + 1), 'base64')).metadata();
    expect([sentMask.width, sentMask.height]).toEqual([64, 48]);
    expect(await sizeOfUrl(bed.service.url, body.processedImageUrl)).toEqual(['jpeg', 64, 48]);
    expect((await hubGallery(bed.service.url, token))[0]).toMatchObject({
      id: body.id,
      tool_id: 'edit-image',
      positive_prompt: 'a red umbrella',
    });
    expect(await bed.settled(token)).toEqual({ balance: 30, history: [['edit-image', 20]] });
  });

  it('refuses a mask of another size, an empty mask, no prompt and no mask in plain words, free', async () => {
    const { token } = await bed.newMember();
    const image = dataUrl(await makePng({ width: 64, height: 48 }));
    for (const [body, text] of [
      [
        { image, mask: dataUrl(await maskPng(32, 24)), prompt: 'sky' },
        I.editMaskSizeMismatch('32×24 px', '64×48 px'),
      ],
      [{ image, mask: dataUrl(await maskPng(64, 48, false)), prompt: 'sky' }, I.editMaskEmpty],
      [{ image, mask: dataUrl(await maskPng(64, 48)), prompt: '  ' }, I.editPromptRequired],
      [{ image, prompt: 'sky' }, I.editMaskRequired],
    ] as const) {
      const reply = await post(bed.service.url, EDIT, token, body);
      expect(reply, text).toMatchObject({ status: 400, body: { success: false, error: text } });
    }
    expect(bed.fal.requests).toHaveLength(0);
    expect(await bed.settled(token)).toEqual({ balance: 50, history: [] });
  });

  it("edits one of the member's text-to-image results by id; a stranger's id is a 404", async () => {
    const owner = await bed.newMember();
    const made = await callJson(bed.service.url, 'POST', '/api/image/text-to-image/generate-image', {
      token: owner.token,
      body: { model: 'flux-schnell', prompt: 'a field', aspectRatio: 'square', imageFormat: 'png' },
    });
    const id = (made.body as { id: string }).id;
    const mask = dataUrl(await maskPng(1024, 1024));
    const reply = await post(bed.service.url, EDIT, owner.token, { from: id, mask, prompt: 'a tree' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(EditImageReplySchema.parse(reply.body)).toMatchObject({ width: 1024, height: 1024 });

    const stranger = await bed.newMember();
    const foreign = await post(bed.service.url, EDIT, stranger.token, { from: id, mask, prompt: 'a tree' });
    expect(foreign).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
    expect(await bed.settled(stranger.token)).toEqual({ balance: 50, history: [] });
  });
});
