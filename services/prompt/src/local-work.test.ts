// The local provider's CPU work under attack, end to end over HTTP with the real credits service: OCR of noise that
// tesseract cannot finish must not hold up other members, must be really cancelled, and must not be free for guests.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectNats,
  createCreditsClient,
  createJwtVerifier,
  type NatsConnection,
  type RunningServer,
} from '@act/service-kit';
import {
  silentLogger,
  startTestJwks,
  startTestService,
  testNatsUrl,
  type TestJwks,
} from '@act/service-kit/testing';
import { openImage } from '@act/service-kit/media';
import { createApp } from './app';
import { createLocalProvider } from './providers/local-provider';
import type { PromptProvider } from './providers/types';
import { startCreditsProcess, type CreditsProcess } from './test-support/credits-process';
import { dataUrl, makePng } from './test-support/images';

/** Long enough for any honest OCR here, far shorter than tesseract needs for a 2000×2000 noise picture. */
const BUDGET_MS = 8_000;

let jwks: TestJwks;
let credits: CreditsProcess;
let nc: NatsConnection;
let provider: PromptProvider;
let prompt: RunningServer;
let noise: string;
let smallText: string;

beforeAll(async () => {
  jwks = await startTestJwks();
  credits = await startCreditsProcess({ jwksUrl: jwks.url });
  nc = await connectNats({ url: testNatsUrl(), name: 'prompt-local-work-test' });
  provider = createLocalProvider({ timeoutMs: BUDGET_MS, workers: 2, queueLimit: 8 });
  prompt = await startTestService(
    createApp({
      logger: silentLogger('prompt'),
      verifier: createJwtVerifier({ jwksUrl: jwks.url, issuer: 'act-identity', audience: 'act-api' }),
      credits: createCreditsClient({ nc, namespace: credits.namespace, timeoutMs: 5_000 }),
      provider,
    }),
  );
  // Greyscale noise: about 4 MB as PNG, inside the 10 MB upload limit.
  const pixels = await openImage(randomBytes(2000 * 2000), {
    raw: { width: 2000, height: 2000, channels: 1 },
  })
    .png()
    .toBuffer();
  noise = dataUrl(pixels);
  smallText = dataUrl(await makePng({ width: 600, height: 150, background: '#ffffff', text: 'HELLO WORLD' }));
}, 90_000);

afterAll(async () => {
  await prompt?.close();
  await provider?.close();
  await nc?.close();
  await credits?.stop();
  await jwks?.close();
}, 30_000);

async function describeText(image: string, caller: { token?: string; ip?: string }) {
  const started = Date.now();
  const response = await fetch(`${prompt.url}/api/prompt/generate-ai-description`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      ...(caller.ip ? { 'x-client-ip': caller.ip } : {}),
    },
    body: JSON.stringify({ image, language: 'English', analysisTasks: ['extract-text'] }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, ms: Date.now() - started };
}

describe('local OCR under load', () => {
  it('two noise OCR calls do not delay another member’s small OCR, are cancelled at the budget and cost nothing', async () => {
    const attacker = await jwks.tokenFor(randomUUID());
    const member = await jwks.tokenFor(randomUUID());
    // Warm one worker so the measured call is the normal (warm) case, as it would be on a running server.
    expect((await describeText(smallText, { token: member })).status).toBe(200);
    const normal = await describeText(smallText, { token: member });
    expect(normal.status).toBe(200);

    const attacks = [describeText(noise, { token: attacker }), describeText(noise, { token: attacker })];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const measured = await describeText(smallText, { token: member });
    expect(measured.status).toBe(200);
    expect(measured.body.description).toMatch(/HELLO WORLD/);
    // Before: the single tesseract worker was busy with the noise for minutes and this call timed out after 60 s.
    expect(measured.ms).toBeLessThan(normal.ms + 4_000);

    for (const attack of await Promise.all(attacks)) {
      expect(attack.status).toBe(502);
      // Cancelled at the budget, not left running: each ends within its budget of starting.
      expect(attack.ms).toBeLessThan(3 * BUDGET_MS);
    }
    expect(await credits.balanceOf(attacker)).toBe(50);
    expect(await credits.balanceOf(member)).toBe(50 - 3 * 2);
  }, 120_000);

  it('counts OCR that ran to its budget against the guest’s free try', async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const timedOut = await describeText(noise, { ip });
    expect(timedOut.status).toBe(502);
    const again = await describeText(smallText, { ip });
    expect(again.status).toBe(403);
    expect(again.body.needsSignup).toBe(true);
  }, 60_000);
});
