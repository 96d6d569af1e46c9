// What a service watches while it reads one JSON body: a chunked body's bytes charged to the process's body budget as
// they arrive (body-memory.ts), and the minimum rate every body must keep (body-read-deadline.ts). A body that stops
// fitting is refused with 503 and Retry-After, one too slow with 408; either way its reader fails at once, the answer
// closes the connection (what the client still sends is never read) and the handler gives the budget back.
// docs/limits.md.
import type { IncomingMessage } from 'node:http';
import { ERROR_TEXTS } from '@act/contracts';
import { BODY_MEMORY_RETRY_AFTER_SECONDS, bodyMemoryCost, type BodyCharge } from './body-memory';
import type { BodyReadDeadline } from './body-read-deadline';
import { AppError, ErrorCode } from './errors';

export interface BodyReadGuard {
  /** The charge a chunked body grows as its bytes arrive; undefined for a body whose cost was taken whole. */
  growing?: BodyCharge;
  deadline?: BodyReadDeadline;
}

/**
 * Guards the read of `req`'s body, which a reader (the JSON parser) has just started: returns the function that
 * stops guarding once the body is read or has failed (calling it again does nothing).
 */
export function guardBodyRead(req: IncomingMessage, { growing, deadline }: BodyReadGuard): () => void {
  let reading = true;
  let unwatch: (() => void) | undefined;
  const meter = growing
    ? (chunk: Buffer) => {
        if (!growing.tryGrow(bodyMemoryCost(chunk.length))) refuse(bodyDoesNotFit());
      }
    : undefined;
  const stop = () => {
    if (!reading) return;
    reading = false;
    unwatch?.();
    if (meter) req.off('data', meter);
  };
  function refuse(error: AppError): void {
    if (!reading) return;
    stop();
    // The reader listens for the request's errors while it reads (raw-body): it fails with this one. Once it has
    // stopped listening (its own limit hit first) nobody would catch it, and the reader's own failure is answered.
    if (req.listenerCount('error') > 0) req.emit('error', error);
  }
  if (meter) req.on('data', meter);
  // The socket's count of bytes read: nothing to add per chunk (one request at a time uses it, HTTP/1.1). A body
  // already whole (most small ones, by the time the parser runs) has no rate left to keep.
  if (deadline && !req.complete) {
    unwatch = deadline.watch(
      () => req.socket.bytesRead,
      () => refuse(bodyTooSlow()),
    );
  }
  return stop;
}

const bodyDoesNotFit = () =>
  new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
    headers: { 'Retry-After': String(BODY_MEMORY_RETRY_AFTER_SECONDS), Connection: 'close' },
  });

const bodyTooSlow = () =>
  new AppError(ErrorCode.REQUEST_TIMEOUT, ERROR_TEXTS.server.uploadTooSlow, {
    headers: { Connection: 'close' },
  });
