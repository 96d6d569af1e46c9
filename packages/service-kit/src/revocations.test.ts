// The revocation list (what it refuses, expiry, bound), the watcher against a real NATS with a stand-in for identity
// (initial sync in pages, live revocations, catching up once identity answers), and the verifier consulting it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJWK, SignJWT } from 'jose';
import {
  natsNames,
  type TokenRevocation,
  type TokenRevocationsReply,
  type TokenRevocationsRequest,
} from '@act/contracts/server';
import { createJwtVerifier } from './auth';
import { connectNats, type NatsConnection } from './nats';
import { createRevocationList, startRevocationWatcher, type RevocationWatcher } from './revocations';
import {
  silentLogger,
  startOwnNats,
  startTestJwks,
  testNatsUrl,
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  uniqueNamespace,
  waitUntil,
  type TestJwks,
} from './testing';

const iso = (ms: number) => new Date(ms).toISOString();
const later = (ms: number) => iso(Date.now() + ms);

function sessionRevoked(sid: string, expiresInMs = 60_000): TokenRevocation {
  return { kind: 'session', sid, expiresAt: later(expiresInMs) };
}

function userRevoked(userId: string, notBeforeMs: number, expiresInMs = 60_000): TokenRevocation {
  return { kind: 'user', userId, notBefore: iso(notBeforeMs), expiresAt: later(expiresInMs) };
}

describe('createRevocationList', () => {
  it('refuses every token of a revoked session and only earlier tokens of a revoked user', () => {
    const list = createRevocationList();
    const [userId, sid, otherSid] = [randomUUID(), randomUUID(), randomUUID()];
    const cutoff = Date.now();
    list.apply(sessionRevoked(sid));
    expect(list.isRevoked({ userId, sessionId: sid, issuedAtMs: cutoff + 5_000 })).toBe(true);
    expect(list.isRevoked({ userId, sessionId: otherSid, issuedAtMs: cutoff - 5_000 })).toBe(false);

    list.apply(userRevoked(userId, cutoff));
    expect(list.isRevoked({ userId, sessionId: otherSid, issuedAtMs: cutoff - 1 })).toBe(true);
    expect(list.isRevoked({ userId, issuedAtMs: cutoff - 1 })).toBe(true);
    expect(list.isRevoked({ userId, sessionId: otherSid, issuedAtMs: cutoff })).toBe(false);
    // An older cutoff arriving late (a resync) never moves the line back.
    list.apply(userRevoked(userId, cutoff - 10_000));
    expect(list.isRevoked({ userId, issuedAtMs: cutoff - 1 })).toBe(true);
    expect(list.isRevoked({ userId: randomUUID(), issuedAtMs: 0 })).toBe(false);
  });

  it('forgets entries once they expire', () => {
    let now = Date.now();
    const list = createRevocationList({ now: () => now });
    const [userId, sid] = [randomUUID(), randomUUID()];
    const expiresAt = iso(now + 1_000);
    list.apply({ kind: 'session', sid, expiresAt });
    list.apply({ kind: 'user', userId, notBefore: iso(now), expiresAt });
    list.apply({ kind: 'session', sid: randomUUID(), expiresAt: iso(now) });
    expect(list.size()).toBe(2);
    now += 1_000;
    expect(list.isRevoked({ userId, sessionId: sid, issuedAtMs: now - 5_000 })).toBe(false);
    expect(list.size()).toBe(0);
  });

  it('stays within its bound, dropping the entry that expires soonest', () => {
    const list = createRevocationList({ maxEntries: 3 });
    const sids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    list.apply(sessionRevoked(sids[0]!, 50_000));
    list.apply(sessionRevoked(sids[1]!, 10_000));
    list.apply(sessionRevoked(sids[2]!, 60_000));
    list.apply(sessionRevoked(sids[3]!, 70_000));
    expect(list.size()).toBe(3);
    const revoked = sids.map((sid) =>
      list.isRevoked({ userId: randomUUID(), sessionId: sid, issuedAtMs: 0 }),
    );
    expect(revoked).toEqual([true, false, true, true]);
  });
});

describe('startRevocationWatcher', () => {
  let nc: NatsConnection;
  const watchers: RevocationWatcher[] = [];
  beforeAll(async () => {
    nc = await connectNats({ url: testNatsUrl(), name: 'revocations-test' });
  });
  afterAll(async () => {
    for (const watcher of watchers) watcher.stop();
    await nc.close();
  });

  /** Stands in for identity: answers list requests from `entries`, two per page. */
  function answerLists(namespace: string, entries: TokenRevocation[]) {
    const names = natsNames(namespace);
    return nc.subscribe(names.tokenRevocations, {
      callback: (_error, message) => {
        const request = message.json<TokenRevocationsRequest>();
        const start = request.after ? Number(request.after) : 0;
        const reply: TokenRevocationsReply = {
          revocations: entries.slice(start, start + 2),
          ...(start + 2 < entries.length ? { next: String(start + 2) } : {}),
        };
        message.respond(JSON.stringify(reply));
      },
    });
  }

  async function watch(namespace: string) {
    const list = createRevocationList();
    const watcher = await startRevocationWatcher({
      nc,
      namespace,
      list,
      logger: silentLogger(),
      requestTimeoutMs: 500,
    });
    watchers.push(watcher);
    return watcher;
  }

  it('starts from the whole current list, page by page, then applies live revocations at once', async () => {
    const namespace = uniqueNamespace('rev');
    const sids = Array.from({ length: 5 }, () => randomUUID());
    const responder = answerLists(
      namespace,
      sids.map((sid) => sessionRevoked(sid)),
    );
    const watcher = await watch(namespace);
    expect(watcher.lastSyncedAt()).toBeDefined();
    for (const sid of sids) {
      expect(watcher.list.isRevoked({ userId: randomUUID(), sessionId: sid, issuedAtMs: 0 })).toBe(true);
    }

    const userId = randomUUID();
    nc.publish(natsNames(namespace).tokenRevoked, JSON.stringify(userRevoked(userId, Date.now())));
    nc.publish(natsNames(namespace).tokenRevoked, 'not json');
    await waitUntil(() => watcher.list.isRevoked({ userId, issuedAtMs: 0 }), undefined, { timeoutMs: 2_000 });
    responder.unsubscribe();
  });

  it('starts without identity and catches up once it answers', async () => {
    const namespace = uniqueNamespace('rev');
    const watcher = await watch(namespace);
    expect(watcher.lastSyncedAt()).toBeUndefined();
    const sid = randomUUID();
    const responder = answerLists(namespace, [sessionRevoked(sid)]);
    // The first retry comes after one second.
    await waitUntil(
      () => watcher.list.isRevoked({ userId: randomUUID(), sessionId: sid, issuedAtMs: 0 }),
      undefined,
      { timeoutMs: 3_000 },
    );
    responder.unsubscribe();
  });
});

describe('startRevocationWatcher across a NATS restart', () => {
  it('fetches the list again as soon as it reconnects, catching what it missed meanwhile', async () => {
    const nats = await startOwnNats();
    const namespace = uniqueNamespace('rev');
    const names = natsNames(namespace);
    const listed: TokenRevocation[] = [];
    const identity = await connectNats({ url: nats.url, name: 'identity-stand-in' });
    const watched = await connectNats({ url: nats.url, name: 'watcher' });
    identity.subscribe(names.tokenRevocations, {
      callback: (_error, message) => {
        message.respond(JSON.stringify({ revocations: listed }));
      },
    });
    await identity.flush();
    const watcher = await startRevocationWatcher({
      nc: watched,
      namespace,
      logger: silentLogger(),
      // Far beyond the test: only the reconnect can bring the missed revocation.
      resyncIntervalMs: 600_000,
    });
    try {
      const firstSync = watcher.lastSyncedAt();
      expect(firstSync).toBeDefined();
      await nats.kill();
      // Revoked while the watcher cannot hear it: only the list will tell.
      const sid = randomUUID();
      listed.push(sessionRevoked(sid));
      await nats.restart();
      await waitUntil(
        () => watcher.list.isRevoked({ userId: randomUUID(), sessionId: sid, issuedAtMs: 0 }),
        undefined,
        { timeoutMs: 10_000 },
      );
      expect(watcher.lastSyncedAt()).toBeGreaterThan(firstSync!);
    } finally {
      watcher.stop();
      await Promise.all([identity.close(), watched.close()]);
      await nats.stop();
    }
  }, 30_000);
});

describe('createJwtVerifier with a revocation list', () => {
  let jwks: TestJwks;
  beforeAll(async () => {
    jwks = await startTestJwks();
  });
  afterAll(() => jwks.close());

  it('refuses a token of a revoked session even after it was verified and remembered', async () => {
    const list = createRevocationList();
    const verifier = createJwtVerifier({
      jwksUrl: jwks.url,
      issuer: TEST_JWT_ISSUER,
      audience: TEST_JWT_AUDIENCE,
      revocations: list,
    });
    const userId = randomUUID();
    const sid = randomUUID();
    const key = await importJWK(jwks.signingJwk, 'EdDSA');
    const token = await new SignJWT({ email: 'ada@example.com', sid })
      .setProtectedHeader({ alg: 'EdDSA', kid: 'test-key' })
      .setSubject(userId)
      .setIssuer(TEST_JWT_ISSUER)
      .setAudience(TEST_JWT_AUDIENCE)
      .setIssuedAt(Date.now() / 1000)
      .setExpirationTime('15m')
      .sign(key);
    await expect(verifier.verify(token)).resolves.toMatchObject({ userId });
    list.apply(sessionRevoked(sid));
    await expect(verifier.verify(token)).rejects.toMatchObject({ status: 401 });

    // A token without sid or millisecond iat (an older one) is still covered by the user's cutoff.
    const older = await jwks.tokenFor(userId);
    await expect(verifier.verify(older)).resolves.toMatchObject({ userId });
    list.apply(userRevoked(userId, Date.now() + 1_000));
    await expect(verifier.verify(older)).rejects.toMatchObject({ status: 401 });
  });
});
