// Sets a member's balance straight in the credits database of a running system, for tests and benchmarks that need
// a balance no normal flow reaches quickly (empty, or thousands of credits). The balance moves with a matching
// ledger row, as every balance change in the credits service does, so balance = sum of ledger deltas still holds.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { databaseUrl } from '@act/dev-infra';

export interface CreditsDbTarget {
  /** Admin URL of the system's PostgreSQL server. */
  adminUrl: string;
  /** The system's database prefix: the credits database is `<namespace>_credits`. */
  namespace: string;
}

/** The `sub` claim of an access token: the member's user id. */
export function userIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  const { sub } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string };
  if (!sub) throw new Error('token without sub');
  return sub;
}

/**
 * Sets the member's balance to `credits`. Waits (up to 15 s) for the account to exist: credits opens it when it
 * hears of the sign-up, which may land a moment after identity answered.
 */
export async function setCredits(target: CreditsDbTarget, userId: string, credits: number): Promise<void> {
  const sql = postgres(databaseUrl(target.adminUrl, `${target.namespace}_credits`), {
    max: 1,
    onnotice: () => undefined,
  });
  try {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const changed = await sql.begin(async (tx) => {
        const [account] = await tx<{ credits: number }[]>`
          select credits from accounts where user_id = ${userId} for update`;
        if (!account) return false;
        const delta = credits - account.credits;
        if (delta !== 0) {
          const now = new Date();
          // The plan part moves with it, so plan + purchased − held = balance keeps holding.
          await tx`update accounts set credits = ${credits}, plan_credits = plan_credits + ${delta},
                   updated_at = ${now} where user_id = ${userId}`;
          await tx`
            insert into ledger (user_id, delta, reason, idempotency_key, at)
            values (${userId}, ${delta}, ${delta > 0 ? 'grant' : 'charge'}, ${`test-adjust:${randomUUID()}`}, ${now})`;
        }
        return true;
      });
      if (changed) return;
      if (Date.now() > deadline) throw new Error(`no credits account for ${userId}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await sql.end();
  }
}
