// Entry point of the prompt service: its provider, its database (migrated: the members' stored results), NATS
// (credits, the library's delete requests) and the outbox, through the kit's startService. Readiness checks the
// database; without NATS prompt still answers, its charged calls with a 503 at once (the credits client in the
// kit's charges.ts).
import { startService } from '@act/service-kit';
import { promptAppOf } from './app';
import { loadPromptConfig } from './config';
import { migratePromptDatabase } from './db/migrate';
import { deletePromptMember } from './domain/member-deletion';
import { collectPromptExport } from './domain/member-export';
import { createProvider } from './providers/select-provider';

startService({
  name: 'prompt',
  loadConfig: loadPromptConfig,
  migrate: migratePromptDatabase,
  outbox: true,
  providers: ({ config, onClose }) => {
    const provider = createProvider(config);
    onClose(() => provider.close());
    return provider;
  },
  createApp: promptAppOf,
  exportMember:
    ({ sql }) =>
    (userId) =>
      collectPromptExport(sql, userId),
  deleteMember: (context) => (userId) => deletePromptMember(context, userId),
  ready: ({ providers }) => [{ provider: providers.name }, 'prompt provider ready'],
});
