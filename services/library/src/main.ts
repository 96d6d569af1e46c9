// Entry point of the library service: its database (migrated: the members' library index), NATS (the CREATIONS
// consumer and the delete requests to the owning services) and the JWT verifier, through the kit's startService.
import { startService } from '@act/service-kit';
import { libraryAppOf } from './app';
import { loadLibraryConfig } from './config';
import { migrateLibraryDatabase } from './db/migrate';
import { deleteLibraryMember } from './domain/member-deletion';

startService({
  name: 'library',
  loadConfig: loadLibraryConfig,
  migrate: migrateLibraryDatabase,
  createApp: libraryAppOf,
  deleteMember: (context) => (userId) => deleteLibraryMember(context, userId),
  ready: () => [{}, 'library service ready'],
});
