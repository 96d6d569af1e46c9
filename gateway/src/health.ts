// /api/health: one answer for the whole system, built from every configured service's own readiness probe.
import { request } from 'node:http';

export type ComponentState = 'up' | 'down';

export async function checkServices(
  services: Record<string, string>,
  timeoutMs = 2_000,
): Promise<{ ok: boolean; services: Record<string, ComponentState> }> {
  const entries = await Promise.all(
    Object.entries(services).map(
      async ([name, baseUrl]) => [name, await probe(`${baseUrl}/readyz`, timeoutMs)] as const,
    ),
  );
  return { ok: entries.every(([, state]) => state === 'up'), services: Object.fromEntries(entries) };
}

function probe(url: string, timeoutMs: number): Promise<ComponentState> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200 ? 'up' : 'down');
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve('down'));
    req.end();
  });
}
