// Entry point of the youtube service: the YouTube adapters and the summary provider, its database (migrated: the
// members' saved summaries and their questions), NATS (credits) and the outbox, through the kit's startService.
import { startService } from '@act/service-kit';
import { youtubeAppOf } from './app';
import { loadYoutubeConfig } from './config';
import { migrateYoutubeDatabase } from './db/migrate';
import { deleteYoutubeMember } from './domain/member-deletion';
import { collectYoutubeExport } from './domain/member-export';
import { providersOf } from './providers';

startService({
  name: 'youtube',
  loadConfig: loadYoutubeConfig,
  migrate: migrateYoutubeDatabase,
  outbox: true,
  providers: providersOf,
  createApp: youtubeAppOf,
  exportMember:
    ({ sql }) =>
    (userId) =>
      collectYoutubeExport(sql, userId),
  deleteMember: (context) => (userId) => deleteYoutubeMember(context, userId),
  ready: ({ providers }) => [{ provider: providers.summary?.name ?? 'local' }, 'youtube service ready'],
});
