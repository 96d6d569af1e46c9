// One id follows a tool use from the gateway into credits: a service's credits client sends the HTTP request's id
// (the gateway's x-request-id) as a NATS header on its reserve, its immediate release and its usage events, and
// credits logs each of them under that id (with the charge's own id as chargeId).
import { randomUUID } from 'node:crypto';
import { createCreditsClient, runWithRequestId, type CreditsClient } from '@act/service-kit';
import { captureLogger, type CapturedLogger } from '@act/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { memberReserve, usageEventFor, waitForHoldStatus } from '../test-support/factories';
import { waitUntil } from '@act/service-kit/testing';

let h: CreditsHarness;
let credits: CreditsClient;
let captured: CapturedLogger;

beforeAll(async () => {
  captured = captureLogger('credits', 'info');
  h = await startCreditsHarness({ logger: captured.logger });
  credits = createCreditsClient({ nc: h.nc, namespace: h.namespace });
});
afterAll(async () => h.close());

const linesFor = (requestId: string) =>
  captured.lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.requestId === requestId);

describe('request ids in credits logs', () => {
  it('logs the reserve and the applied commit under the request id the service sent', async () => {
    const request = memberReserve(newUserId(), 'text-to-image');
    await runWithRequestId('gw-req-commit-1', async () => {
      await credits.reserve(request);
      await credits.commit(usageEventFor(request));
    });
    await waitForHoldStatus(h.sql, request.requestId, 'committed');
    const lines = await waitUntil(
      async () => linesFor('gw-req-commit-1'),
      (found) => found.some((l) => l.msg === 'usage event applied'),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: 'reserve',
          chargeId: request.requestId,
          tool: 'text-to-image',
          outcome: 'reserved',
        }),
        expect.objectContaining({
          msg: 'usage event applied',
          chargeId: request.requestId,
          outcome: 'committed',
        }),
      ]),
    );
  });

  it('logs an immediate release under its request id, and a refused reserve with its code', async () => {
    const request = memberReserve(newUserId(), 'text-to-image');
    await runWithRequestId('gw-req-release-1', async () => {
      await credits.reserve(request);
      await credits.release(usageEventFor(request));
    });
    await waitForHoldStatus(h.sql, request.requestId, 'released');
    expect(linesFor('gw-req-release-1')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'reserve', outcome: 'reserved' }),
        expect.objectContaining({ msg: 'release now', chargeId: request.requestId, outcome: 'released' }),
      ]),
    );

    // A guest without an address is refused: the line says so, under the same kind of id.
    await runWithRequestId('gw-req-refused-1', () =>
      credits.reserve({ ...request, requestId: randomUUID(), userId: undefined, guestIp: '' }),
    );
    expect(linesFor('gw-req-refused-1')).toEqual([
      expect.objectContaining({ msg: 'reserve', outcome: 'refused', code: 'GUEST_IP_REQUIRED' }),
    ]);
  });

  it('logs no request id for a message sent outside any request', async () => {
    const request = memberReserve(newUserId(), 'text-to-image');
    await credits.reserve(request);
    const line = captured.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.chargeId === request.requestId && l.msg === 'reserve');
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('requestId');
  });
});
