// The voice service's side of the member's library (docs/architecture.md#library-events), started with the service:
// the CREATIONS stream, the once-per-database backfill of the clips stored before, and the answers to the library's
// delete requests, which go through the audio history's own delete (domain/creations.ts).
import type { NatsNames } from '@act/contracts/server';
import {
  deletedUnlessMissing,
  startCreationOwner,
  type CreationOwner,
  type Logger,
  type NatsConnection,
  type Outbox,
} from '@act/service-kit';
import { clipBackfillPage, deleteClip, type DeleteClipDeps } from './domain/creations';

export interface VoiceLibraryDeps extends DeleteClipDeps {
  nc: NatsConnection;
  outbox: Outbox;
  names: NatsNames;
}

export function startVoiceLibrary(deps: VoiceLibraryDeps & { logger: Logger }): Promise<CreationOwner> {
  return startCreationOwner({
    service: 'voice',
    ...deps,
    backfillPage: clipBackfillPage,
    deleteResult: ({ id, userId }) => deletedUnlessMissing(() => deleteClip(deps, userId, id)),
  });
}
