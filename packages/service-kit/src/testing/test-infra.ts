// The real servers behind every test: the admin URLs the global setup hands out, a fresh database per file and a
// random NATS namespace per file, so files run in parallel without seeing each other's data.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run tests through vitest (its global setup starts the embedded defaults)`,
    );
  }
  return value;
}

export function testDatabaseServerUrl(): string {
  return requireEnv('DATABASE_URL');
}

export function testNatsUrl(): string {
  return requireEnv('NATS_URL');
}

function randomSuffix(): string {
  return randomBytes(6).toString('hex');
}

/** A random NATS namespace (see NATS_NAMESPACE) so streams, consumers and subjects never collide across files. */
export function uniqueNamespace(prefix = 't'): string {
  return `${prefix}${randomSuffix()}`;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const serverUrl = testDatabaseServerUrl();
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomSuffix()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const sql = postgres(serverUrl, { max: 1, onnotice: () => undefined });
      try {
        await sql.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await sql.end();
      }
    },
  };
}
