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

/**
 * The object store of the run (the environment's S3, else the local s3rver the global setup started) and a fresh
 * FILE_URL_SECRET: spread into a service's env or config in a test. Files keep apart by their random keys.
 */
export function testObjectStoreEnv(): Record<string, string> {
  const names = [
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ];
  const env: Record<string, string> = { S3_BUCKET: requireEnv('S3_BUCKET') };
  for (const name of names) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return { ...env, FILE_URL_SECRET: randomBytes(32).toString('hex') };
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
