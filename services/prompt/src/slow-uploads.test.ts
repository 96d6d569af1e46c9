// The red team's slow uploads (issue 45, D3) against prompt's own process in a 1 GiB pod: a guest's four chunked
// uploads to image-to-prompt, trickling a byte at a time, leave another guest's upload read and answered (they held
// the whole body budget, and everyone's uploads got 503), and each is cut with 408 rather than held for minutes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  expectCutAsTooSlow,
  QUICK_BODY_RATE_ENV,
  startServiceProcessBed,
  startSlowUpload,
  type ChildService,
  type ServiceProcessBed,
  type SlowUpload,
} from '@act/service-kit/testing';

let bed: ServiceProcessBed;
let prompt: ChildService;
const slow: SlowUpload[] = [];

beforeAll(async () => {
  bed = await startServiceProcessBed('services/prompt', { database: 'prompt' });
  prompt = await bed.start({
    MEMORY_LIMIT_MB: '1024',
    ...QUICK_BODY_RATE_ENV,
  });
}, 90_000);

afterAll(async () => {
  for (const upload of slow) upload.stop();
  await bed?.close();
}, 30_000);

describe('prompt under slow uploads', () => {
  it('reads another guest’s upload while one guest trickles four, and cuts those with 408', async () => {
    const path = API_ROUTES.prompt.generateImagePrompt;
    slow.push(
      ...Array.from({ length: 4 }, () =>
        startSlowUpload(prompt.url, path, { headers: { 'x-client-ip': '192.0.2.70' } }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // 1.5 MB that is no image: read, decoded and refused for what it is, not for want of room.
    const other = await callJson(prompt.url, 'POST', path, {
      body: { image: `data:image/png;base64,${Buffer.alloc(1.5 * 1024 * 1024, 7).toString('base64')}` },
      ip: '192.0.2.71',
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: ERROR_TEXTS.validation.invalidImage });

    await expectCutAsTooSlow(slow);
  }, 60_000);
});
