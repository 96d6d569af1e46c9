// The request id of each request the edge takes (createHttpApp): the caller's, when it sent one well-formed id, or a
// new one. Ids only correlate log lines and work (docs/architecture.md#request-ids).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
// A new request id is this process's random prefix and a counter: unique across replicas and restarts (72 random
// bits per process), and far cheaper per request than a random UUID.
const REQUEST_ID_PREFIX = randomBytes(9).toString('base64url');
let requestCounter = 0;

/** The caller's X-Request-Id when it is well-formed, else a new id. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = requestIdHeader(req);
  return incoming !== undefined && REQUEST_ID_PATTERN.test(incoming) ? incoming : newRequestId();
}

function newRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${REQUEST_ID_PREFIX}-${requestCounter.toString(36)}`;
}

/**
 * The caller's X-Request-Id, read from the raw header list: node builds `req.headers` on first use, a step a request
 * that reads no other header (a public GET) never pays. Sent twice, it is no id, as node's joined "a, b" would be.
 */
function requestIdHeader(req: IncomingMessage): string | undefined {
  const raw = req.rawHeaders;
  let found: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length !== 12 || name.toLowerCase() !== 'x-request-id') continue;
    if (found !== undefined) return undefined;
    found = raw[i + 1];
  }
  return found;
}
