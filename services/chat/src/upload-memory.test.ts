// Memory under hostile uploads: 64 messages with a 10 MB attachment at once from one member, spread over every chat
// that takes attachments, keep the chat process's peak resident memory under half the memory limit of its pod
// (k8s/base/chat.yaml). Each is refused: read and found unreadable (400, the spec's text), or, while the process's
// body budget is full, unread with 503 and Retry-After. Nothing is charged, and the budget is given back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  type ChildService,
  type CreditsProcess,
  createTestDatabase,
  expectRefusedWithinMemory,
  floodUploads,
  k8sMemoryLimitMb,
  runServices,
  startChildService,
  startFakeOpenAi,
  testObjectStoreEnv,
  type FakeOpenAi,
  type TestDatabase,
  type TestJwks,
  uploadEndpointsOf,
  uploadPathsOf,
} from '@act/service-kit/testing';

const UPLOADS = uploadEndpointsOf('chat');
const INVALID_ATTACHMENT = [ERROR_TEXTS.validation.invalidChatImage, ERROR_TEXTS.validation.invalidPdf];

let jwks: TestJwks;
let credits: CreditsProcess;
let fake: FakeOpenAi;
let db: TestDatabase;
let chat: ChildService;
let limitMb: number;

beforeAll(async () => {
  const run = await runServices();
  ({ jwks, credits } = run);
  fake = await startFakeOpenAi();
  db = await createTestDatabase('chat_upload_memory');
  limitMb = await k8sMemoryLimitMb('chat');
  chat = await startChildService('services/chat', {
    DATABASE_URL: db.url,
    ...run.serviceEnv,
    ...testObjectStoreEnv(),
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: fake.baseUrl,
    // What the pod's cgroup tells the service in k8s.
    MEMORY_LIMIT_MB: String(limitMb),
  });
}, 90_000);

afterAll(async () => {
  await chat?.stop();
  await db?.drop();
  await fake?.close();
  await credits?.stop();
  await jwks?.close();
}, 30_000);

describe('chat under 64 parallel 10 MB attachments', () => {
  it('stays under half its memory limit, refusing each message in plain words and charging nothing', async () => {
    expect(uploadPathsOf('chat')).toEqual([
      API_ROUTES.chat.agent.sendMessage,
      API_ROUTES.chat.reasoning.sendMessage,
    ]);
    const token = await jwks.tokenFor(randomUUID());
    const flood = await floodUploads(chat, UPLOADS, {
      parallel: 64,
      headers: { authorization: `Bearer ${token}` },
    });
    expectRefusedWithinMemory(flood, {
      limitMb,
      status: 400,
      texts: INVALID_ATTACHMENT,
      output: chat.output,
    });

    // The budget was given back: the next message is read (and refused for what it is, not for memory).
    const after = await callJson(chat.url, 'POST', API_ROUTES.chat.agent.sendMessage, {
      token,
      body: {
        prompt: 'What is in this file?',
        modelId: 'openai/gpt-4o-mini',
        pdf: `data:application/pdf;base64,${Buffer.from('not a pdf').toString('base64')}`,
      },
    });
    expect(after.body.error).toBe(ERROR_TEXTS.validation.invalidPdf);
    await credits.settled();
    expect(await credits.balanceOf(token)).toBe(50);
  }, 400_000);
});
