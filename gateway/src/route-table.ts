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

export function resolveRoute(method: string, path: string): ResolvedRoute | undefined {
  const owner = serviceForPath(path);
  if (!owner) return undefined;
  const access: Access = findRoute(PUBLIC_ROUTES, method, path)
    ? 'public'
    : findRoute(GUEST_ROUTES, method, path)
      ? 'guest'
      : 'member';
  return { service: owner.service, access, bodyLimitBytes: bodyLimitFor(path) };
}
