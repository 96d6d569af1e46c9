// Export my data: POST /api/identity/exports (202, built in the background), GET /api/identity/exports/:id (the
// member's own; another member's is 404), and the zip itself at its signed link (the kit's file route, service
// `identity`). Without an object store configured, asking for an export answers 503.
import { DATA_EXPORT_ENDPOINTS, DATA_EXPORT_ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode, Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import { mountFileRoute, type ObjectStore } from '@act/service-kit/files';
import type { DataExports } from '../domain/data-exports';

const E = DATA_EXPORT_ENDPOINTS;

export function createDataExportsRouter(deps: {
  verifier: JwtVerifier;
  exports?: DataExports;
  files?: ObjectStore;
}): Router {
  const router = new Router();
  const options = { verifier: deps.verifier };
  const exportsOrUnavailable = () => {
    if (!deps.exports) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, DATA_EXPORT_ERROR_TEXTS.unavailable);
    return deps.exports;
  };

  mountEndpoint(router, E.createDataExport, options, async (_input, { caller, ctx }) => {
    const created = await exportsOrUnavailable().request(caller.userId);
    ctx.status = 202;
    return { export: created };
  });

  mountEndpoint(router, E.dataExport, options, async (_input, { caller, params }) => ({
    export: await exportsOrUnavailable().get(caller.userId, params.id),
  }));

  if (deps.files) mountFileRoute(router, deps.files);
  return router;
}
