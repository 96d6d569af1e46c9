// Signed file URLs: an HMAC-SHA256 over the object key, the expiry and the download name, keyed by the service's
// FILE_URL_SECRET. Holding the URL is the permission to read that one object until it expires; nothing else about
// the caller is checked, which is what lets <img>, <audio> and downloads work without a bearer header.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FileQuery } from '@act/contracts';

/**
 * Expiries are rounded up to this step, so a file listed twice within a few minutes gets the same URL and the
 * browser's cache serves the second view (galleries reload on every `gallery-updated`).
 */
const EXPIRY_STEP_S = 300;

export interface UrlSigner {
  /** The query string (without `?`) that lets its holder read `key` for about `ttlSeconds`. */
  sign(key: string, options?: { download?: string; now?: number }): string;
  /** True when `query` was signed for `key` and has not expired. */
  verify(key: string, query: FileQuery, now?: number): boolean;
}

export function createUrlSigner(secret: string, ttlSeconds: number): UrlSigner {
  const mac = (key: string, exp: number, download: string | undefined) =>
    createHmac('sha256', secret)
      .update(`${key}\n${exp}\n${download ?? ''}`)
      .digest();
  const nowSeconds = (now: number | undefined) => Math.floor((now ?? Date.now()) / 1000);

  return {
    sign(key, options = {}) {
      const exp = Math.ceil((nowSeconds(options.now) + ttlSeconds) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
      const query = new URLSearchParams({
        exp: String(exp),
        sig: mac(key, exp, options.download).toString('base64url'),
      });
      if (options.download) query.set('dl', options.download);
      return query.toString();
    },
    verify(key, query, now) {
      const exp = Number(query.exp);
      if (!query.sig || !Number.isSafeInteger(exp) || exp <= nowSeconds(now)) return false;
      // Compared as text: base64 has several spellings of the same bytes, and only ours is accepted.
      const given = Buffer.from(query.sig);
      const expected = Buffer.from(mac(key, exp, query.dl).toString('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
