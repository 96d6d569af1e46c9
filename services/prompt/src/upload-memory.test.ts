// Memory under hostile uploads: 64 uploads of 10 MB at once, spread over every prompt endpoint that takes an image,
// keep the process's peak resident memory under half the memory limit of its pod (k8s/base/prompt.yaml). Each is
// refused: read and found unreadable (400, the spec's text), or, while the process has no room for its body, unread
// with 503 and Retry-After. The budget is given back: the next real image is answered.
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

let bed: UploadMemoryBed;

beforeAll(async () => {
  bed = await startUploadMemoryBed('prompt', { database: 'prompt_upload' });
}, 90_000);

afterAll(() => bed?.close(), 30_000);

describe('prompt under 64 parallel 10 MB uploads', () => {
  it('stays under half its memory limit, refusing each upload in plain words', async () => {
    expect(uploadEndpointsOf('prompt')).toHaveLength(3);
    await bed.expectFloodRefused({
      headers: { 'x-client-ip': '192.0.2.64' },
      status: 400,
      texts: [ERROR_TEXTS.validation.invalidImage],
    });

    const image = dataUrl(await makePng({ width: 64, height: 64, background: '#1565c0' }));
    const after = await callJson(bed.service.url, 'POST', API_ROUTES.prompt.generateImagePrompt, {
      body: { image },
      headers: { 'x-client-ip': '192.0.2.65' },
    });
    expect(after.status).toBe(200);
  }, 400_000);
});
