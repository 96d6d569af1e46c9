// The member's language on the account (docs/product-rules.md#languages): PATCH /api/identity/user saves it without
// a password, GET user and sign-in show it, a language we do not have is refused and changes nothing, and the
// e-mails identity sends afterwards (password reset, usage notices) are in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATH, API_ROUTES, LANGUAGE_ERRORS } from '@act/contracts';
import { listEmailsFor } from './db/outbox';
import { noticeEmail } from './domain/notice-emails';
import { createBrowser, getJson } from './test-support/browser';
import { startIdentity, type IdentityUnderTest } from './test-support/harness';

const R = API_ROUTES.identity;

interface UserBody {
  success: boolean;
  error?: string;
  user: { id: string; email: string; locale?: string };
}

let identity: IdentityUnderTest;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity?.close();
});

let counter = 0;
const newEmail = () => `locale-${(counter += 1)}-${Date.now()}@example.com`;

async function signUp() {
  const email = newEmail();
  const browser = createBrowser(identity.url);
  const reply = await browser.postJson<{ session: { access_token: string; user: UserBody['user'] } }>(
    R.signup,
    {
      email,
      password: 'a-good-password',
    },
  );
  const token = reply.body.session.access_token;
  const patch = async (body: unknown, accessToken: string | null = token) => {
    const response = await browser.request(R.user, {
      method: 'PATCH',
      json: body,
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
    return { status: response.status, body: (await response.json()) as UserBody };
  };
  return { email, browser, token, patch, signedUpAs: reply.body.session.user };
}

describe('the member language', () => {
  it('starts unchosen, is saved without a password and shows in GET user and at sign-in', async () => {
    const member = await signUp();
    expect(member.signedUpAs.locale).toBeUndefined();

    const saved = await member.patch({ locale: 'es' });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ email: member.email, locale: 'es' });

    const read = await getJson<UserBody>(member.browser, R.user, member.token);
    expect(read.body.user.locale).toBe('es');
    const again = await createBrowser(identity.url).postJson<{ session: { user: UserBody['user'] } }>(
      `${R.token}?grant_type=password`,
      { email: member.email, password: 'a-good-password' },
    );
    expect(again.body.session.user.locale).toBe('es');
  });

  it('refuses a language it does not have, or no sign-in, and changes nothing', async () => {
    const member = await signUp();
    await member.patch({ locale: 'es' });

    const refused = await member.patch({ locale: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(LANGUAGE_ERRORS.invalidLocale);
    expect((await member.patch({ locale: 'en' }, null)).status).toBe(401);

    expect((await getJson<UserBody>(member.browser, R.user, member.token)).body.user.locale).toBe('es');
  });

  it("changes only the caller's own account", async () => {
    const [first, second] = [await signUp(), await signUp()];
    await first.patch({ locale: 'es' });
    expect((await getJson<UserBody>(second.browser, R.user, second.token)).body.user.locale).toBeUndefined();
  });

  it("sends the password reset in the member's language", async () => {
    const english = await signUp();
    const spanish = await signUp();
    await spanish.patch({ locale: 'es' });

    for (const member of [english, spanish]) {
      expect((await createBrowser(identity.url).postJson(R.recover, { email: member.email })).status).toBe(
        200,
      );
    }
    const [englishMail] = await listEmailsFor(identity.sql, english.email);
    const [spanishMail] = await listEmailsFor(identity.sql, spanish.email);
    expect(englishMail?.subject).toBe('Reset your password');
    expect(spanishMail?.subject).toBe('Restablece tu contraseña');
    expect(spanishMail?.body).toContain('Abre este enlace en la próxima hora');
    expect(spanishMail?.body).toMatch(/\/auth#type=recovery&token=/);
  });

  it('words usage notices in Spanish with Spanish number formatting', () => {
    const notice = { threshold: 80 as const, spent: 1200, allowance: 15000 };
    const spanish = noticeEmail(notice, 'https://toolbox.test/', 'es');
    expect(spanish.subject).toBe('Has usado el 80 % de los créditos de este mes');
    expect(spanish.text).toContain('Gastado este mes: 1200 de 15.000 créditos.');
    expect(spanish.text).toContain(`https://toolbox.test${ACCOUNT_PATH}`);
    expect(noticeEmail(notice, 'https://toolbox.test/').subject).toBe(
      'You have used 80% of this month’s credits',
    );
  });
});
