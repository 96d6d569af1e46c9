// The revocation list identity answers over NATS: every revocation younger than the access-token lifetime (revoked
// session families and user cutoffs), none older, in pages that follow each other until the last.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsNames, TokenRevocationsReplySchema, type TokenRevocation } from '@act/contracts/server';
import { connectNats, type NatsConnection } from '@act/service-kit';
import { testNatsUrl } from '@act/service-kit/testing';
import { startIdentity, type IdentityUnderTest } from './test-support/harness';

let identity: IdentityUnderTest;
let nc: NatsConnection;

beforeAll(async () => {
  identity = await startIdentity();
  nc = await connectNats({ url: testNatsUrl(), name: 'revocation-list-test' });
});

afterAll(async () => {
  await nc?.close();
  await identity?.close();
});

async function fetchList(): Promise<{ pages: number; revocations: TokenRevocation[] }> {
  const subject = natsNames(identity.namespace).tokenRevocations;
  const revocations: TokenRevocation[] = [];
  let after: string | undefined;
  for (let pages = 1; ; pages += 1) {
    const reply = await nc.request(subject, JSON.stringify(after ? { after } : {}), { timeout: 5_000 });
    const page = TokenRevocationsReplySchema.parse(reply.json());
    revocations.push(...page.revocations);
    if (!page.next) return { pages, revocations };
    after = page.next;
  }
}

describe('the token revocation list', () => {
  it('lists the revocations younger than the token lifetime, page by page, and none older', async () => {
    const userId = randomUUID();
    const cutOffUser = randomUUID();
    await identity.sql`
      insert into users (id, email, password_hash) values
        (${userId}, ${`list-${userId}@example.com`}, null),
        (${cutOffUser}, ${`cut-${cutOffUser}@example.com`}, null)`;
    // 1 200 signed-out sessions (more than one page), one revoked long ago, one still open.
    const recent = await identity.sql<{ id: string }[]>`
      insert into session_families (id, user_id, revoked_at, revoked_reason)
      select gen_random_uuid(), ${userId}, now() - (n || ' ms')::interval, 'logout'
      from generate_series(1, 1200) n
      returning id`;
    const [old] = await identity.sql<{ id: string }[]>`
      insert into session_families (id, user_id, revoked_at, revoked_reason)
      values (gen_random_uuid(), ${userId}, now() - interval '1 hour', 'logout') returning id`;
    const [open] = await identity.sql<{ id: string }[]>`
      insert into session_families (id, user_id) values (gen_random_uuid(), ${userId}) returning id`;
    const notBefore = new Date(Date.now() - 60_000);
    await identity.sql`update users set tokens_not_before = ${notBefore} where id = ${cutOffUser}`;
    await identity.sql`update users set tokens_not_before = now() - interval '1 hour' where id = ${userId}`;

    const { pages, revocations } = await fetchList();
    expect(pages).toBe(2);
    const sids = revocations.flatMap((r) => (r.kind === 'session' ? [r.sid] : []));
    expect(new Set(sids)).toEqual(new Set(recent.map((r) => r.id)));
    expect(sids).not.toContain(old!.id);
    expect(sids).not.toContain(open!.id);
    const users = revocations.filter((r) => r.kind === 'user');
    expect(users).toEqual([
      {
        kind: 'user',
        userId: cutOffUser,
        notBefore: notBefore.toISOString(),
        expiresAt: expect.any(String),
      },
    ]);
    // Kept for one token lifetime (15 min) from the cutoff, plus the clock allowance.
    const lifetime = Date.parse(users[0]!.expiresAt) - notBefore.getTime();
    expect(lifetime).toBeGreaterThanOrEqual(900_000);
    expect(lifetime).toBeLessThanOrEqual(960_000);
  });
});
