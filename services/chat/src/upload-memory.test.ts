// Memory under hostile uploads: 64 messages with a 10 MB attachment at once from one member, spread over every chat
// that takes attachments, keep the chat process's peak resident memory under half the memory limit of its pod
// (k8s/base/chat.yaml). Each is refused: read and found unreadable (400, the spec's text), or, while the
// process has no room for its body, unread with 503 and Retry-After. Nothing is charged, and the budget is given back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import {
  callJson,
  startFakeOpenAi,
  startUploadMemoryBed,
  uploadPathsOf,
  type UploadMemoryBed,
} from '@act/service-kit/testing';

const INVALID_ATTACHMENT = [ERROR_TEXTS.validation.invalidChatImage, ERROR_TEXTS.validation.invalidPdf];

let bed: UploadMemoryBed;

beforeAll(async () => {
  const fake = await startFakeOpenAi();
  bed = await startUploadMemoryBed('chat', {
    database: 'chat_upload_memory',
    objectStore: true,
    env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl },
    closing: [fake],
  });
}, 90_000);

afterAll(() => bed?.close(), 30_000);

describe('chat under 64 parallel 10 MB attachments', () => {
  it('stays under half its memory limit, refusing each message in plain words and charging nothing', async () => {
    expect(uploadPathsOf('chat')).toEqual([
      API_ROUTES.chat.agent.sendMessage,
      API_ROUTES.chat.reasoning.sendMessage,
    ]);
    const token = await bed.jwks.tokenFor(randomUUID());
    await bed.expectFloodRefused({
      headers: { authorization: `Bearer ${token}` },
      status: 400,
      texts: INVALID_ATTACHMENT,
    });

    // The budget was given back: the next message is read (and refused for what it is, not for memory).
    const after = await callJson(bed.service.url, 'POST', API_ROUTES.chat.agent.sendMessage, {
      token,
      body: {
        prompt: 'What is in this file?',
        modelId: 'openai/gpt-4o-mini',
        pdf: `data:application/pdf;base64,${Buffer.from('not a pdf').toString('base64')}`,
      },
    });
    expect(after.body.error).toBe(ERROR_TEXTS.validation.invalidPdf);
    await bed.credits.settled();
    expect(await bed.credits.balanceOf(token)).toBe(50);
  }, 400_000);
});
