// Password hashing with argon2id (OWASP parameters), and a dummy verification so that an unknown email costs the
// same time as a wrong password and the answer time does not reveal which accounts exist.
import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

// `Algorithm` is a const enum (not importable as a value under isolatedModules); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no stored hash it still runs one argon2 verification and answers false. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('not-a-real-password-only-for-timing', OPTIONS);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Warm the dummy hash at start so the first unknown-email sign-in is not the slow one. */
export async function preparePasswordHashing(): Promise<void> {
  dummyHash ??= hash('not-a-real-password-only-for-timing', OPTIONS);
  await dummyHash;
}
