// GET/HEAD /api/image/files/:owner/:name: the stored images and thumbnails, for whoever holds a signed URL.
import { Router } from '@act/service-kit';
import { mountFileRoute, type ObjectStore } from '@act/service-kit/files';

export function createFilesRouter(files: ObjectStore): Router {
  const router = new Router();
  mountFileRoute(router, files);
  return router;
}
