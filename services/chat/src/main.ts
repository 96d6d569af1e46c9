// Entry point of the chat service: its database (migrated), the object store, the providers, NATS (credits, Stop)
// and the outbox, through the kit's startService; on SIGTERM no new reply starts and those in flight finish
// (SHUTDOWN_GRACE_MS covers the longest) before the outbox, NATS and the database close.
import { startService } from '@act/service-kit';
import { chatAppOf } from './app';
import { loadChatConfig } from './config';
import { abandonedRepliesJob } from './db/abandoned-replies';
import { migrateChatDatabase } from './db/migrate';
import { deleteChatMember } from './domain/member-deletion';
import { collectChatExport } from './domain/member-export';
import { providersOf } from './providers';

startService({
  name: 'chat',
  loadConfig: loadChatConfig,
  migrate: migrateChatDatabase,
  outbox: true,
  providers: providersOf,
  periodicJobs: (context) => [abandonedRepliesJob(context)],
  createApp: chatAppOf,
  exportMember:
    ({ sql }) =>
    (userId) =>
      collectChatExport(sql, userId),
  deleteMember: (context) => (userId) => deleteChatMember(context, userId),
  ready: ({ providers }) => [
    { provider: providers.chat?.name ?? 'none', search: providers.search?.name ?? 'none' },
    'chat ready',
  ],
});
