// Which service owns a request, whether it needs a token, and how large its body may be: the owner from the
// deployment table, access and body limit from the request's endpoint definition in contracts, so the gateway, the
// services and the browser agree on one table. A path under a service's prefix with no definition needs a token.
import { BODY_LIMITS, findEndpoint, type Access } from '@act/contracts';
import { serviceForPath, type ServiceName } from '@act/contracts/server';

export type { Access };

export interface ResolvedRoute {
  service: ServiceName;
  access: Access;
  bodyLimitBytes: number;
}

// Every request asks this, so answers are kept per method and path. Only paths that belong to a service are kept,
// and the map is bounded, so scanning random URLs cannot grow it without limit.
const resolved = new Map<string, ResolvedRoute>();
const RESOLVED_MAX = 5_000;

export function resolveRoute(method: string, path: string): ResolvedRoute | undefined {
  const key = `${method} ${path}`;
  const known = resolved.get(key);
  if (known) return known;
  const owner = serviceForPath(path);
  if (!owner) return undefined;
  const endpoint = findEndpoint(method, path);
  const route = {
    service: owner.service,
    access: endpoint?.access ?? 'member',
    bodyLimitBytes: BODY_LIMITS[endpoint?.bodyLimit ?? 'json'],
  };
  if (resolved.size < RESOLVED_MAX) resolved.set(key, route);
  return route;
}
