// The image service's side of the member's library (docs/architecture.md#library-events), started with the service:
// the CREATIONS stream, the once-per-database backfill of the images stored before, and the answers to the library's
// delete requests, which go through the gallery's own delete (domain/creations.ts).
import type { NatsNames } from '@act/contracts/server';
import {
  deletedUnlessMissing,
  startCreationOwner,
  type CreationOwner,
  type NatsConnection,
  type Outbox,
} from '@act/service-kit';
import { deleteImageResult, imageBackfillPage, type DeleteImageDeps } from './domain/creations';

export interface ImageLibraryDeps extends DeleteImageDeps {
  nc: NatsConnection;
  outbox: Outbox;
  names: NatsNames;
}

export function startImageLibrary(deps: ImageLibraryDeps): Promise<CreationOwner> {
  return startCreationOwner({
    service: 'image',
    ...deps,
    backfillPage: imageBackfillPage,
    deleteResult: ({ id, userId }) => deletedUnlessMissing(() => deleteImageResult(deps, userId, id)),
  });
}
