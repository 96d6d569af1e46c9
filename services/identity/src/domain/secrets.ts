// Opaque secrets handed to browsers (refresh, reset and OAuth state tokens) and the digests we store instead.
import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: unguessable, so a fast digest (not a password hash) is enough to store it. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** A stable, non-reversible key for rate-limit counters, so email addresses never sit in Redis. */
export function counterKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('base64url').slice(0, 32);
}
