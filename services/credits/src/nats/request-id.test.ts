// One id follows a tool use from the gateway into credits: a service's credits client sends the HTTP request's id
// (the gateway's x-request-id, handed to the handler as EndpointCall.requestId and to reserveCharge) as a NATS
// header on its reserve, its immediate release and its usage events, and credits logs each of them under that id
// (with the charge's own id as chargeId).
import { randomUUID } from 'node:crypto';
import { endpoint } from '@act/contracts';
import {
  Router,
  createCreditsClient,
  createHttpApp,
  mountEndpoint,
  reserveCharge,
  type CreditsClient,
} from '@act/service-kit';
import { captureLogger, silentLogger, startTestService, type CapturedLogger } from '@act/service-kit/testing';
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
    await credits.reserve(request, 'gw-req-commit-1');
    await credits.commit(usageEventFor(request), 'gw-req-commit-1');
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
    await credits.reserve(request, 'gw-req-release-1');
    await credits.release(usageEventFor(request), 'gw-req-release-1');
    await waitForHoldStatus(h.sql, request.requestId, 'released');
    expect(linesFor('gw-req-release-1')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'reserve', outcome: 'reserved' }),
        expect.objectContaining({ msg: 'release now', chargeId: request.requestId, outcome: 'released' }),
      ]),
    );

    // A guest without an address is refused: the line says so, under the same kind of id.
    await credits.reserve(
      { ...request, requestId: randomUUID(), userId: undefined, guestIp: '' },
      'gw-req-refused-1',
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

  it("sends the id of the HTTP request whose handler made a member's charge, and keeps it for the commit", async () => {
    // A service as every service is: the kit's app, an endpoint mounted from its definition, a charge made by the
    // handler and committed after the reply (as a detached reply is), the gateway's x-request-id on the request.
    const userId = newUserId();
    const chargeId = randomUUID();
    let committed: Promise<void> | undefined;
    const app = createHttpApp({ name: 'request-id-test', logger: silentLogger() });
    const router = new Router();
    const charged = endpoint({ method: 'POST', path: '/charged', access: 'public' });
    mountEndpoint(router, charged, {}, async (_input, { requestId }) => {
      const charge = await reserveCharge(credits, {
        tool: 'text-to-image',
        userId,
        requestId: chargeId,
        httpRequestId: requestId,
      });
      committed = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => charge.commit());
      return { ok: true };
    });
    app.use(router.routes());
    const server = await startTestService(app);
    try {
      const reply = await fetch(`${server.url}/charged`, {
        method: 'POST',
        headers: { 'x-request-id': 'gw-req-http-1' },
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-request-id')).toBe('gw-req-http-1');
      await committed;
    } finally {
      await server.close();
    }
    await waitForHoldStatus(h.sql, chargeId, 'committed');
    const lines = await waitUntil(
      async () => linesFor('gw-req-http-1'),
      (found) => found.some((l) => l.msg === 'usage event applied'),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'reserve', chargeId, outcome: 'reserved' }),
        expect.objectContaining({ msg: 'usage event applied', chargeId, outcome: 'committed' }),
      ]),
    );
  });
});
