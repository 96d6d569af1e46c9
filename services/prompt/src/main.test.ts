// The prompt service as deployed: main.ts in its own process with the default (local) provider, next to a real
// credits process; it serves guests and members and stops cleanly on SIGTERM.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callJson,
  dataUrl,
  expectChargesCounted,
  expectReady,
  makePng,
  startServiceProcessBed,
  type ChildService,
  type ServiceProcessBed,
} from '@act/service-kit/testing';

let bed: ServiceProcessBed;
let prompt: ChildService;

beforeAll(async () => {
  bed = await startServiceProcessBed('services/prompt', { database: 'prompt' });
  prompt = await bed.start();
}, 90_000);

afterAll(() => bed?.close(), 30_000);

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  callJson(prompt.url, 'POST', `/api/prompt/${path}`, { body, headers });

describe('prompt main.ts', () => {
  it('is ready and runs the local provider when no key is set', async () => {
    await expectReady(prompt);
    // Probes and metrics live on the ops port only.
    expect((await fetch(`${prompt.url}/readyz`)).status).toBe(404);
    // The ready line follows the listeners (and /readyz) by a moment.
    await expect.poll(() => prompt.output()).toContain('"provider":"local"');

    const guest = await post(
      'generate-text-prompt',
      { text: 'a red bicycle' },
      { 'x-client-ip': '192.0.2.10' },
    );
    expect(guest.status).toBe(200);
    expect(guest.body.prompt).toMatch(/^A red bicycle, .+high resolution$/);

    const token = await bed.jwks.tokenFor(randomUUID());
    const image = dataUrl(await makePng({ width: 120, height: 80, background: '#2e7d32' }));
    const member = await post('generate-image-prompt', { image }, { authorization: `Bearer ${token}` });
    expect(member.body).toMatchObject({ success: true, remainingCredits: 48 });
    expect(member.body.prompt).toContain('green');
    expect(member.body.prompt).toContain('Local analysis');

    // What Prometheus scrapes from the ops port: the local provider's call and the member's charge, with the labels
    // every service has.
    const metrics = await expectChargesCounted(prompt, { service: 'prompt', tools: ['image-to-prompt'] });
    const call = { service: 'prompt', provider: 'local', operation: 'image-to-prompt', outcome: 'ok' };
    expect(metrics.value('provider_calls_total', call)).toBe(1);
    expect(metrics.value('provider_call_duration_seconds_count', call)).toBe(1);
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await prompt.stop()).toBe(0);
  });
});
