// Guessing redemption codes over HTTP against the real app and PostgreSQL (docs/product-rules.md#redemption-codes):
// wrong codes are limited per member and per address, every refusal but the member's own "already redeemed" reads
// the same, and new codes follow the length and alphabet rule (or are made by the server).
import {
  CREATE_CODE_ALPHABET,
  CREDIT_CONTROLS_TEXTS,
  CreateCodeReplySchema,
  ERROR_TEXTS,
  RedeemReplySchema,
} from '@act/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock';
import { forgetEndedRedemptionWindows } from '../domain/redemption';
import { startCreditsHarness, newUserId, type CreditsHarness } from '../test-support/harness';
import { expectMoneyInvariants } from '../test-support/money-invariants';
import { expectCreditControlsInvariants } from '../test-support/credit-controls-invariants';
import { balanceOf } from '../test-support/factories';

const R = CREDIT_CONTROLS_TEXTS.redeem;
let h: CreditsHarness;
const clock = createManualClock('2025-06-01T09:00:00.000Z');
let supportToken: string;
let addresses = 0;

beforeAll(async () => {
  h = await startCreditsHarness({ clock });
  supportToken = await h.tokenFor(newUserId(), 'help@example.com', ['support']);
});
afterEach(async () => {
  await expectMoneyInvariants(h.sql);
  await expectCreditControlsInvariants(h.sql);
});
afterAll(async () => h.close());

/** An address of its own for each test, as the gateway would forward it. */
const newAddress = () => `203.0.113.${(addresses += 1)}`;

async function newMember(): Promise<{ userId: string; token: string }> {
  const userId = newUserId();
  const token = await h.tokenFor(userId, `g-${userId.slice(0, 8)}@example.com`);
  expect((await h.request('/api/credits/me', { token })).status).toBe(200);
  return { userId, token };
}

function redeem(code: string, token: string, address: string) {
  return h.request('/api/credits/redeem', {
    method: 'POST',
    body: JSON.stringify({ code }),
    headers: { 'content-type': 'application/json', 'x-client-ip': address },
    token,
  });
}

function postCode(body: Record<string, unknown>) {
  return h.request('/api/credits/support/codes', {
    method: 'POST',
    body: JSON.stringify({
      credits: 5,
      maxUses: 100,
      expiresAt: new Date(clock.now().getTime() + 86_400_000).toISOString(),
      reason: 'Guessing tests',
      ...body,
    }),
    headers: { 'content-type': 'application/json' },
    token: supportToken,
  });
}

async function createCode(body: Record<string, unknown> = {}): Promise<string> {
  const response = await postCode(body);
  expect(response.status).toBe(200);
  return CreateCodeReplySchema.parse(await response.json()).code;
}

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const wrongCode = (n: number) => `G${String(n).padStart(4, '0')}`;

describe('wrong redemption codes', () => {
  it('answers 429 after 10 wrong codes in an hour from one member, even for a good code, until the hour has passed', async () => {
    const m = await newMember();
    const address = newAddress();
    const good = await createCode();
    for (let n = 0; n < 10; n += 1) {
      const wrong = await redeem(wrongCode(n), m.token, address);
      expect(wrong.status).toBe(404);
      expect(await errorOf(wrong)).toBe(R.invalid);
    }
    const limited = await redeem(good, m.token, newAddress());
    expect(limited.status).toBe(429);
    expect(await errorOf(limited)).toBe(R.tooManyWrongCodes);
    expect(Number(limited.headers.get('retry-after'))).toBe(3600);
    expect(await balanceOf(h.sql, m.userId)).toBe(50);
    clock.advance(3_600_000);
    expect((await redeem(good, m.token, address)).status).toBe(200);
    expect(await balanceOf(h.sql, m.userId)).toBe(55);
  });

  it('forgets a wrong-code count once its hour has ended, and keeps one still running', async () => {
    const ended = await newMember();
    const running = await newMember();
    expect((await redeem(wrongCode(0), ended.token, newAddress())).status).toBe(404);
    clock.advance(1_800_000);
    expect((await redeem(wrongCode(1), running.token, newAddress())).status).toBe(404);
    clock.advance(1_800_000);
    await forgetEndedRedemptionWindows(h.deps.store, clock.now());
    const subjects = await h.sql<{ subject: string }[]>`
      select subject from redemption_failures
      where subject in (${`member:${ended.userId}`}, ${`member:${running.userId}`})`;
    expect(subjects.map((row) => row.subject)).toEqual([`member:${running.userId}`]);
  });

  it('counts wrong codes per address across members', async () => {
    const address = newAddress();
    for (let n = 0; n < 10; n += 1) {
      expect((await redeem(wrongCode(n), (await newMember()).token, address)).status).toBe(404);
    }
    const next = await newMember();
    expect((await redeem(wrongCode(10), next.token, address)).status).toBe(429);
    // The same member from another address is not held back by that address.
    expect((await redeem(wrongCode(10), next.token, newAddress())).status).toBe(404);
  });

  it('lets no more than 10 of 30 wrong codes sent at once through', async () => {
    const m = await newMember();
    const address = newAddress();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, n) => redeem(wrongCode(n), m.token, address)),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('does not count successful redemptions, nor the member redeeming their own code again', async () => {
    const m = await newMember();
    const address = newAddress();
    for (let n = 0; n < 9; n += 1) expect((await redeem(wrongCode(n), m.token, address)).status).toBe(404);
    for (let k = 0; k < 3; k += 1) {
      const code = await createCode();
      expect((await redeem(code, m.token, address)).status).toBe(200);
      const again = await redeem(code, m.token, address);
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toBe(R.alreadyRedeemed);
    }
    expect((await redeem(wrongCode(9), m.token, address)).status).toBe(404);
    expect((await redeem(wrongCode(10), m.token, address)).status).toBe(429);
  });

  it('answers an unknown, a used-up and an expired code alike', async () => {
    const address = newAddress();
    const once = await createCode({ maxUses: 1 });
    const brief = await createCode({ expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    expect((await redeem(once, (await newMember()).token, address)).status).toBe(200);
    clock.advance(120_000);
    const m = await newMember();
    const answers = [];
    for (const code of ['NO-SUCH-CODE-2345', once, brief]) {
      const response = await redeem(code, m.token, address);
      answers.push({ status: response.status, error: await errorOf(response) });
    }
    expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 404, error: R.invalid })));
  });

  it('still redeems a short code made before the rule', async () => {
    const m = await newMember();
    await h.sql`
      insert into redemption_codes (code, credits, max_uses, expires_at, created_by, created_at)
      values ('SPRING-50', 7, 10, ${new Date(clock.now().getTime() + 86_400_000)}, ${newUserId()}, ${clock.now()})`;
    const reply = await redeem('spring-50', m.token, newAddress());
    expect(reply.status).toBe(200);
    expect(RedeemReplySchema.parse(await reply.json()).credits).toBe(7);
  });
});

describe('creating a code', () => {
  it('refuses a code shorter than 10 characters or with look-alike characters, in plain words', async () => {
    const refused = ['SPRING-55', 'ABCDEFGHJ', 'WELCOME-2345', 'ABCD-EFGH-1234', 'ABCDEFGH0K'];
    for (const code of refused) {
      const response = await postCode({ code });
      expect({ code, status: response.status }).toEqual({ code, status: 400 });
      expect(await errorOf(response)).toBe(CREDIT_CONTROLS_TEXTS.support.codeRule);
    }
    expect(await h.sql`select code from redemption_codes where code = any(${refused})`).toHaveLength(0);
  });

  it('makes a code from the unambiguous alphabet when support leaves it blank, and it redeems', async () => {
    const codes = await Promise.all([createCode(), createCode({ code: '' }), createCode({ code: '  ' })]);
    for (const code of codes) {
      const letters = code.replaceAll('-', '');
      expect(letters.length).toBeGreaterThanOrEqual(10);
      expect([...letters].every((letter) => CREATE_CODE_ALPHABET.includes(letter))).toBe(true);
    }
    expect(new Set(codes).size).toBe(3);
    const m = await newMember();
    expect((await redeem(codes[0]!.toLowerCase(), m.token, newAddress())).status).toBe(200);
  });

  it("refuses an expiry at the calendar's edge with a 400 in plain words", async () => {
    for (const expiresAt of ['9999-12-31T23:59:59-23:59', '2101-01-01T00:00:00Z']) {
      const response = await postCode({ code: 'EDGE-DATE-2345', expiresAt });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(ERROR_TEXTS.validation.dateOutOfRange);
    }
  });
});
