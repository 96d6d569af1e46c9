// Balancing between a service's replicas: each <SERVICE>_URL may list several base URLs. Requests take them in turn
// (round robin); one that refused a connection is set aside for a short while (passive health), so after a replica
// dies the next requests go to the live ones without waiting for a probe. Only a request that cannot have reached
// a service is tried again elsewhere: a GET or HEAD (no body, no side effect) whose connection was refused. A POST is
// never retried by the gateway: it may have reached the service (charged, generated) before the connection broke.

/** How long an upstream that refused a connection is skipped while another is available. */
export const UPSTREAM_EJECT_MS = 5_000;

export interface UpstreamPool {
  readonly urls: readonly string[];
  /** The replicas to try for one request, best first: the next in turn, then the others; set-aside ones last. */
  order(): string[];
  /** The connection to `url` was refused (the replica is down): skip it for a while. */
  failed(url: string): void;
  /** `url` answered: it is back. */
  succeeded(url: string): void;
}

export function createUpstreamPool(
  urls: readonly string[],
  { ejectMs = UPSTREAM_EJECT_MS, now = Date.now }: { ejectMs?: number; now?: () => number } = {},
): UpstreamPool {
  if (urls.length === 0) throw new Error('an upstream pool needs at least one URL');
  let next = 0;
  const downUntil = new Map<string, number>();
  const isDown = (url: string) => (downUntil.get(url) ?? 0) > now();
  return {
    urls,
    order() {
      const start = next;
      next = (next + 1) % urls.length;
      const turn = urls.map((_, i) => urls[(start + i) % urls.length]!);
      return [...turn.filter((url) => !isDown(url)), ...turn.filter(isDown)];
    },
    failed(url) {
      downUntil.set(url, now() + ejectMs);
    },
    succeeded(url) {
      downUntil.delete(url);
    },
  };
}

/** Whether an error from the HTTP client means no connection was made, so the request never reached the upstream. */
export function isConnectError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (
      code === 'ECONNREFUSED' ||
      code === 'EHOSTUNREACH' ||
      code === 'ENETUNREACH' ||
      code === 'EAI_AGAIN' ||
      code === 'ENOTFOUND' ||
      code === 'UND_ERR_CONNECT_TIMEOUT'
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Methods the gateway may send to another replica after a refused connection: no body, no side effect. */
export function isRetryable(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}
