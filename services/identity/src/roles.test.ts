// Staff roles: granted only by the operator's command (grant-role), signed into the access token's `roles` claim
// at the next sign-in, and never grantable through any HTTP route.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@act/contracts';
import { createBrowser } from './test-support/browser';
import { startIdentity, type IdentityUnderTest } from './test-support/harness';

const R = API_ROUTES.identity;
const run = promisify(execFile);
const GRANT_ROLE = fileURLToPath(new URL('./grant-role.ts', import.meta.url));

interface SessionBody {
  session: { access_token: string; user: { id: string; email: string; roles?: string[] } };
}

let identity: IdentityUnderTest;
beforeAll(async () => {
  identity = await startIdentity();
});
afterAll(async () => identity?.close());

async function signIn(email: string) {
  const reply = await createBrowser(identity.url).postJson<SessionBody>(`${R.token}?grant_type=password`, {
    email,
    password: 'a-good-password',
  });
  return reply.body.session;
}

function grantRole(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', GRANT_ROLE, ...args], {
    env: { ...process.env, DATABASE_URL: identity.config.DATABASE_URL },
  });
}

// Each grant-role run starts a TypeScript process: a minute or more on a busy machine.
describe('the support role', { timeout: 180_000 }, () => {
  it('reaches the token only after the operator grants it from the command line, and leaves when revoked', async () => {
    const email = `staff-${Date.now()}@example.com`;
    const signup = await createBrowser(identity.url).postJson<SessionBody>(R.signup, {
      email,
      password: 'a-good-password',
      // Whatever a sign-up sends, it makes no one staff.
      roles: ['support'],
    });
    expect(decodeJwt(signup.body.session.access_token).roles).toBeUndefined();
    expect(signup.body.session.user.roles).toBeUndefined();

    const granted = await grantRole(email.toUpperCase(), 'support');
    expect(granted.stdout).toContain(`granted support to ${email}`);
    const staff = await signIn(email);
    expect(decodeJwt(staff.access_token).roles).toEqual(['support']);
    expect(staff.user.roles).toEqual(['support']);

    await grantRole(email, 'support', '--revoke');
    expect(decodeJwt((await signIn(email)).access_token).roles).toBeUndefined();
  });

  it('refuses an unknown role or e-mail', async () => {
    await expect(grantRole('nobody@example.com', 'support')).rejects.toMatchObject({ code: 1 });
    await expect(grantRole('nobody@example.com', 'admin')).rejects.toMatchObject({ code: 2 });
  });
});
