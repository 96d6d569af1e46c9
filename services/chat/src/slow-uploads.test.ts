// The red team's slow uploads (issue 45, D3) against chat's own process in a 1 GiB pod: a member's two chunked
// messages to the chat agent, trickling a byte at a time, leave another member's attachment read and answered (they
// held the whole body budget, and everyone's attachments got 503), and each is cut with 408 rather than held.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  expectCutAsTooSlow,
  QUICK_BODY_RATE_ENV,
  startFakeOpenAi,
  startServiceProcessBed,
  startSlowUpload,
  type ChildService,
  type ServiceProcessBed,
  type SlowUpload,
} from '@act/service-kit/testing';

let bed: ServiceProcessBed;
let chat: ChildService;
const slow: SlowUpload[] = [];

beforeAll(async () => {
  const fake = await startFakeOpenAi();
  bed = await startServiceProcessBed('services/chat', {
    database: 'chat_slow_uploads',
    objectStore: true,
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl },
    closing: [fake],
  });
  chat = await bed.start({
    MEMORY_LIMIT_MB: '1024',
    ...QUICK_BODY_RATE_ENV,
  });
}, 90_000);

afterAll(async () => {
  for (const upload of slow) upload.stop();
  await bed?.close();
}, 30_000);

describe('chat under slow uploads', () => {
  it('reads another member’s attachment while one member trickles two messages, and cuts those with 408', async () => {
    const path = API_ROUTES.chat.agent.sendMessage;
    const attacker = `Bearer ${await bed.jwks.tokenFor(randomUUID())}`;
    slow.push(
      ...Array.from({ length: 2 }, () =>
        startSlowUpload(chat.url, path, { headers: { authorization: attacker }, first: '{"prompt":"' }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // 1.5 MB that is no image: read, decoded and refused for what it is, not for want of room.
    const other = await callJson(chat.url, 'POST', path, {
      token: await bed.jwks.tokenFor(randomUUID()),
      body: {
        prompt: 'What is in this picture?',
        modelId: 'openai/gpt-4o-mini',
        image: `data:image/png;base64,${Buffer.alloc(1.5 * 1024 * 1024, 7).toString('base64')}`,
      },
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: ERROR_TEXTS.validation.invalidChatImage });

    await expectCutAsTooSlow(slow);
  }, 60_000);
});
