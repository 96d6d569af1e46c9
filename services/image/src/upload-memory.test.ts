// Memory under hostile uploads: 64 uploads of 10 MB at once from one member, spread over every photo effect, keep the
// image process's peak resident memory under half the memory limit of its pod (k8s/base/image.yaml). Each is
// refused: read and found unreadable (400, the spec's text), or, while the process has no room for its body, unread
// with 503 and Retry-After. Nothing is charged, and the budget is given back: the next real photo is answered.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  dataUrl,
  makePng,
  startUploadMemoryBed,
  uploadEndpointsOf,
  type UploadMemoryBed,
} from '@act/service-kit/testing';
import { startFakeFal } from './test-support/fake-fal';

let bed: UploadMemoryBed;

beforeAll(async () => {
  const fal = await startFakeFal();
  bed = await startUploadMemoryBed('image', {
    database: 'image_upload_memory',
    objectStore: true,
    env: { FAL_KEY: 'fal-upload-memory', FAL_BASE_URL: fal.baseUrl },
    closing: [fal],
  });
}, 90_000);

afterAll(() => bed?.close(), 30_000);

describe('image under 64 parallel 10 MB uploads', () => {
  it('stays under half its memory limit, refusing each upload in plain words and charging nothing', async () => {
    expect(uploadEndpointsOf('image').length).toBeGreaterThanOrEqual(7);
    const token = await bed.jwks.tokenFor(randomUUID());
    await bed.expectFloodRefused({
      headers: { authorization: `Bearer ${token}` },
      status: 400,
      texts: [ERROR_TEXTS.validation.invalidImage],
    });

    const photo = dataUrl(await makePng({ width: 64, height: 64, background: '#6d4c41' }));
    const after = await callJson(bed.service.url, 'POST', API_ROUTES.image.colorCorrection, {
      token,
      body: { image: photo },
    });
    expect(after.status).toBe(200);
    await bed.credits.settled();
    expect(await bed.credits.balanceOf(token)).toBe(50 - 20);
  }, 400_000);
});
