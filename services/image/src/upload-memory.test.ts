// Memory under hostile uploads: 64 uploads of 10 MB at once from one member, spread over every photo effect, keep the
// image process's peak resident memory under half the memory limit of its pod (k8s/base/image.yaml). Each is
// refused: read and found unreadable (400, the spec's text), or, while the process's body budget is full, unread
// with 503 and Retry-After. Nothing is charged, and the budget is given back: the next real photo is answered.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  type ChildService,
  type CreditsProcess,
  createTestDatabase,
  dataUrl,
  expectRefusedWithinMemory,
  floodUploads,
  k8sMemoryLimitMb,
  makePng,
  runServices,
  startChildService,
  testObjectStoreEnv,
  type TestDatabase,
  type TestJwks,
  uploadEndpointsOf,
} from '@act/service-kit/testing';
import { startFakeFal, type FakeFal } from './test-support/fake-fal';

const UPLOADS = uploadEndpointsOf('image');

let jwks: TestJwks;
let credits: CreditsProcess;
let fal: FakeFal;
let db: TestDatabase;
let image: ChildService;
let limitMb: number;

beforeAll(async () => {
  const run = await runServices();
  ({ jwks, credits } = run);
  fal = await startFakeFal();
  db = await createTestDatabase('image_upload_memory');
  limitMb = await k8sMemoryLimitMb('image');
  image = await startChildService('services/image', {
    DATABASE_URL: db.url,
    ...run.serviceEnv,
    ...testObjectStoreEnv(),
    FAL_KEY: 'fal-upload-memory',
    FAL_BASE_URL: fal.baseUrl,
    // What the pod's cgroup tells the service in k8s.
    MEMORY_LIMIT_MB: String(limitMb),
  });
}, 90_000);

afterAll(async () => {
  await image?.stop();
  await db?.drop();
  await fal?.close();
  await credits?.stop();
  await jwks?.close();
}, 30_000);

describe('image under 64 parallel 10 MB uploads', () => {
  it('stays under half its memory limit, refusing each upload in plain words and charging nothing', async () => {
    expect(UPLOADS.length).toBeGreaterThanOrEqual(7);
    const token = await jwks.tokenFor(randomUUID());
    const flood = await floodUploads(image, UPLOADS, {
      parallel: 64,
      headers: { authorization: `Bearer ${token}` },
    });
    expectRefusedWithinMemory(flood, {
      limitMb,
      status: 400,
      texts: [ERROR_TEXTS.validation.invalidImage],
      output: image.output,
    });

    const photo = dataUrl(await makePng({ width: 64, height: 64, background: '#6d4c41' }));
    const after = await callJson(image.url, 'POST', API_ROUTES.image.colorCorrection, {
      token,
      body: { image: photo },
    });
    expect(after.status).toBe(200);
    await credits.settled();
    expect(await credits.balanceOf(token)).toBe(50 - 20);
  }, 400_000);
});
