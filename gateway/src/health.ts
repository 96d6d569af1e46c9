// /api/health: one public up-or-down for the whole system, built from every configured service's readiness on its
// ops listener. Public, so it says nothing about which part is down, and it reuses one answer for a short while:
// a caller hammering it costs one round of probes per cache period, not one per call.
import { request } from 'node:http';

export interface SystemHealth {
  /** True when every service has a replica answering its /readyz with 200; cached for `cacheMs`. */
  isUp(): Promise<boolean>;
}

export interface SystemHealthOptions {
  /** Base URLs of the services' ops listeners: one per replica. */
  opsUrls: Readonly<Record<string, string | readonly string[]>>;
  cacheMs: number;
  timeoutMs?: number;
  now?: () => number;
}

export function createSystemHealth({
  opsUrls,
  cacheMs,
  timeoutMs = 2_000,
  now = Date.now,
}: SystemHealthOptions): SystemHealth {
  let cached: { up: boolean; at: number } | undefined;
  // Calls arriving while a round of probes runs share it.
  let running: Promise<boolean> | undefined;

  const check = async () => {
    // A service is up while one of its replicas is ready: the gateway routes around the others.
    const states = await Promise.all(
      Object.values(opsUrls).map(async (urls) => {
        const replicas = await Promise.all(
          (typeof urls === 'string' ? [urls] : urls).map((url) => isReady(`${url}/readyz`, timeoutMs)),
        );
        return replicas.some(Boolean);
      }),
    );
    return states.every(Boolean);
  };

  return {
    isUp() {
      if (cached && now() - cached.at < cacheMs) return Promise.resolve(cached.up);
      running ??= check()
        .then((up) => {
          cached = { up, at: now() };
          return up;
        })
        .finally(() => (running = undefined));
      return running;
    },
  };
}

function isReady(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(false));
    req.end();
  });
}
