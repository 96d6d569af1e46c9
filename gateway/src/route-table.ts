// Which service owns a request, whether it needs a token, and how large its body may be — all from contracts,
// so the gateway, the services and the browser agree on one table.
import {
  GUEST_ROUTES,
  PUBLIC_ROUTES,
  bodyLimitFor,
  findRoute,
  serviceForPath,
  type ServiceName,
} from '@act/contracts';

/** public: no token needed; guest: token optional (verified when sent); member: token required. */
export type Access = 'public' | 'guest' | 'member';

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
  const access: Access = findRoute(PUBLIC_ROUTES, method, path)
    ? 'public'
    : findRoute(GUEST_ROUTES, method, path)
      ? 'guest'
      : 'member';
  const route = { service: owner.service, access, bodyLimitBytes: bodyLimitFor(path) };
  if (resolved.size < RESOLVED_MAX) resolved.set(key, route);
  return route;
}
