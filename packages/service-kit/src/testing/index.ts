// Test helpers: each test file gets its own database and NATS namespace on the real servers, so files run in parallel.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import postgres from 'postgres';
import { createLogger, type Logger } from '../logger';
import type { HttpApp } from '../http-app';
import { startHttpServer, type RunningServer } from '../server';

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

export interface CapturedLogger {
  logger: Logger;
  /** Every line written so far, raw JSON text. */
  lines: string[];
  text(): string;
}

/** A real pino logger whose output is kept in memory, for assertions on what would reach the logs. */
export function captureLogger(name = 'test', level = 'trace'): CapturedLogger {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  return { logger: createLogger({ name, level, destination }), lines, text: () => lines.join('\n') };
}

export function silentLogger(name = 'test'): Logger {
  return createLogger({ name, level: 'silent' });
}

export async function startTestService(
  app: HttpApp,
  logger: Logger = silentLogger(),
): Promise<RunningServer> {
  return startHttpServer(app, { port: 0, host: '127.0.0.1', logger, graceMs: 1_000 });
}

export {
  startTestJwks,
  TEST_JWT_AUDIENCE,
  TEST_JWT_ISSUER,
  type SignOptions,
  type TestJwks,
} from './test-jwks';
export { largeBlackPng } from './large-png';
export { expectOwnerOnly, type OwnerOnlyCase } from './owner-only';
export { startScriptedCredits, type ScriptedCredits, type PublishedUsage } from './scripted-credits';
