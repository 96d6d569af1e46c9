// A reply that is a file made for this request (a transcript, a thumbnail, the ledger as CSV, a voice preview), not a
// stored object: the one place its download headers are set. Stored objects go through sendStoredFile (ranges, HEAD).
// Kept out of the object store's module so services without files (credits) use it without loading the AWS SDK.
import type { Context } from 'koa';

/**
 * Cache-Control of every reply that holds a member's own data (balance, ledger, purchases, a transcript): nothing
 * stores it. `no-store` alone already binds private and shared caches alike (RFC 9111 §5.2.2.5), so `private` would
 * add nothing; one value, so every such reply reads the same.
 */
export const MEMBER_DATA_CACHE = 'no-store';

export interface Download {
  body: string | Buffer | Uint8Array;
  /** The Content-Type, e.g. `text/csv; charset=utf-8`. */
  type: string;
  /** Saved under this name (an attachment); absent: shown in place (an audio preview). Ours, a plain token. */
  fileName?: string;
  /** Cache-Control: MEMBER_DATA_CACHE for a member's own data, a max-age for what anyone may keep. */
  cache: string;
}

/** Answers with `body` as a file: its type, its name, its caching, and never sniffed as another type. */
export function sendDownload(ctx: Context, { body, type, fileName, cache }: Download): void {
  ctx.set('content-type', type);
  if (fileName !== undefined) ctx.set('content-disposition', `attachment; filename="${fileName}"`);
  ctx.set('cache-control', cache);
  ctx.set('x-content-type-options', 'nosniff');
  ctx.body = body;
}
