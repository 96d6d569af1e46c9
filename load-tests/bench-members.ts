// Members the bench's system sections sign up through the gateway, each with its own access token and credits.
import { setCredits, userIdOf } from '../e2e/support/credits-db';
import type { RunningSystem } from '../e2e/support/system';

/** The gateway's address as autocannon must be given it: it listens on IPv4, and `localhost` may resolve to ::1. */
export function benchApiUrl(system: RunningSystem): string {
  return system.baseUrl.replace('//localhost:', '//127.0.0.1:');
}

/**
 * Signs a new member up through the gateway and returns its access token. A sign-up that got no reply at all (a
 * reset or closed connection: fetch's "fetch failed") is sent again once, as a new member, on another connection: each
 * section starts with its sign-ups, after minutes of other sections' traffic, and a full run once lost its whole prompt
 * section to one `read ECONNRESET` there. A second failure names the step and the address.
 */
export async function signUpMember(apiUrl: string, tag = 'member'): Promise<string> {
  try {
    return await signUpOnce(apiUrl, tag);
  } catch (error) {
    if (!isNoReply(error)) throw error;
    try {
      return await signUpOnce(apiUrl, `${tag}-again`);
    } catch (again) {
      throw new Error(`a sign-up at ${apiUrl} got no reply, twice: ${causeOf(again)}`, { cause: again });
    }
  }
}

async function signUpOnce(apiUrl: string, tag: string): Promise<string> {
  const reply = await fetch(`${apiUrl}/api/identity/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${tag}-${Date.now().toString(36)}@example.com`,
      password: 'correct-horse-7',
    }),
  });
  const body = (await reply.json()) as { session?: { access_token: string } };
  if (!reply.ok || !body.session)
    throw new Error(`sign-up answered ${reply.status}: ${JSON.stringify(body)}`);
  return body.session.access_token;
}

/** fetch's own failure (no HTTP reply), as opposed to a reply it could not read or one that said no. */
const isNoReply = (error: unknown) => error instanceof TypeError && error.message === 'fetch failed';

const causeOf = (error: unknown) =>
  error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);

/** Signs `count` members up, four at a time, and returns their access tokens. */
export async function signUpMembers(apiUrl: string, count: number, tag: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, j) =>
      signUpMember(apiUrl, `${tag}-${i + j}`),
    );
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/** Sets a member's balance straight in the system's database (enough for the section's calls). */
export async function giveCredits(system: RunningSystem, token: string, credits: number): Promise<void> {
  await setCredits({ adminUrl: system.databaseUrl, namespace: system.namespace }, userIdOf(token), credits);
}
