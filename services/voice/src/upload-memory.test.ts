// Memory under hostile uploads: 64 uploads of 10 MB at once from one member, spread over every voice tool that takes
// a recording, keep the voice process's peak resident memory under half the memory limit of its pod
// (k8s/base/voice.yaml). Each is refused: too large or unreadable (400, the spec's texts), or, while the
// process has no room for its body, unread with 503 and Retry-After. Nothing is charged, and the budget is given back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ERROR_TEXTS } from '@act/contracts';
import { callJson, startUploadMemoryBed, type UploadMemoryBed } from '@act/service-kit/testing';
import { startFakeElevenLabs } from './test-support/fake-elevenlabs';

const MiB = 1024 * 1024;

let bed: UploadMemoryBed;

beforeAll(async () => {
  const eleven = await startFakeElevenLabs();
  bed = await startUploadMemoryBed('voice', {
    database: 'voice_upload_memory',
    objectStore: true,
    env: { ELEVENLABS_API_KEY: eleven.apiKey, ELEVENLABS_BASE_URL: eleven.baseUrl },
    closing: [eleven],
  });
}, 90_000);

afterAll(() => bed?.close(), 30_000);

describe('voice under 64 parallel large uploads', () => {
  it.each([
    // The body limit admits 7 MB: 10 MB files are refused by it, as the red team sent them; 5 MB ones are read.
    { fileBytes: 10 * MiB, read: 413, text: ERROR_TEXTS.server.payloadTooLarge },
    { fileBytes: 5 * MiB - 1024, read: 400, text: ERROR_TEXTS.validation.invalidAudio },
  ])(
    '$fileBytes bytes each: stays under half its memory limit, charging nothing',
    async ({ fileBytes, read: status, text }) => {
      const token = await bed.jwks.tokenFor(randomUUID());
      await bed.expectFloodRefused({
        fileBytes,
        headers: { authorization: `Bearer ${token}` },
        status,
        texts: [text],
      });

      // The budget was given back: the next upload is read (and refused for what it is, not for memory).
      const after = await callJson(bed.service.url, 'POST', API_ROUTES.voice.voiceIsolator, {
        token,
        body: { audioFile: `data:audio/mpeg;base64,${Buffer.from('not audio at all').toString('base64')}` },
      });
      expect(after.body.error).toBe(ERROR_TEXTS.validation.invalidAudio);
      await bed.credits.settled();
      expect(await bed.credits.balanceOf(token)).toBe(50);
    },
    400_000,
  );
});
