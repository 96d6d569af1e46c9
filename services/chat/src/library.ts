// The chat service's side of the member's library (docs/architecture.md#library-events), started with the service:
// the CREATIONS stream, the once-per-database backfill of the sessions answered before, the answers to the
// library's delete requests, which go through the session list's own delete (domain/creations.ts), and to its
// requests for one answer's text (Send to under that answer, domain/library-answers.ts).
import type { NatsNames } from '@act/contracts/server';
import {
  deletedUnlessMissing,
  startCreationOwner,
  type CreationOwner,
  type NatsConnection,
  type Outbox,
  type Sql,
} from '@act/service-kit';
import { chatBackfillPage, deleteAnyChatSession, type DeleteSessionDeps } from './domain/creations';
import { answerLibraryAnswerRequests } from './domain/library-answers';

export interface ChatLibraryDeps extends DeleteSessionDeps {
  nc: NatsConnection;
  sql: Sql;
  outbox: Outbox;
  names: NatsNames;
}

export async function startChatLibrary(deps: ChatLibraryDeps): Promise<CreationOwner> {
  const owner = await startCreationOwner({
    service: 'chat',
    ...deps,
    backfillPage: chatBackfillPage,
    deleteResult: ({ id, userId }) => deletedUnlessMissing(() => deleteAnyChatSession(deps, userId, id)),
  });
  const answers = answerLibraryAnswerRequests(deps);
  return {
    stop: async () => {
      answers.unsubscribe();
      await owner.stop();
    },
  };
}
