// Entry point of the voice service: its database (migrated), the object store, ElevenLabs (when a key is set) and the
// local engines, NATS (credits) and the outbox, through the kit's startService; on SIGTERM the jobs in flight finish
// before the engines, the outbox, NATS and the database close.
import { startService } from '@act/service-kit';
import { voiceAppOf } from './app';
import { loadVoiceConfig } from './config';
import { migrateVoiceDatabase } from './db/migrate';
import { deleteVoiceMember } from './domain/member-deletion';
import { collectVoiceExport } from './domain/member-export';
import { providersOf } from './providers';

startService({
  name: 'voice',
  loadConfig: loadVoiceConfig,
  migrate: migrateVoiceDatabase,
  outbox: true,
  jobs: true,
  providers: providersOf,
  createApp: voiceAppOf,
  exportMember:
    ({ sql }) =>
    (userId) =>
      collectVoiceExport(sql, userId),
  deleteMember: (context) => (userId) => deleteVoiceMember(context, userId),
  ready: ({ providers }) => [{ provider: providers.provider?.name ?? 'local' }, 'voice service ready'],
});
