// A service entry point for migrate-command.test.ts: startService as every main.ts calls it, whose migrations are the
// folder FIXTURE_MIGRATIONS names. Run as `<this file> migrate` it must migrate and exit without loading the service's
// config or starting anything.
import { runMigrations } from './database';
import { startService } from './service';

startService({
  name: 'fixture',
  loadConfig: () => {
    throw new Error('the migrate command loaded the service config');
  },
  migrate: (sql) => runMigrations(sql, process.env.FIXTURE_MIGRATIONS!),
  createApp: () => {
    throw new Error('the migrate command started the service');
  },
});
