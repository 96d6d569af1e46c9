// A PostgreSQL server a test file has to itself (dev-infra's embedded one, as `npm start` runs it), for fault tests
// that must never touch the machine's shared server: stop it as an outage would, then start it again on the same
// port and data, so the services pointed at its URL find it back on their own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabases,
  databaseUrl,
  startEmbeddedPostgres,
  type EmbeddedPostgresHandle,
} from '@act/dev-infra/embedded-postgres';

export interface OwnPostgres {
  /** The URL of database `name` on this server, created when missing. */
  database(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut); resolves once it has exited. */
  halt(): Promise<void>;
  /** Starts it again on the same port with the same data; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  stop(): Promise<void>;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'act-own-postgres-'));
  const start = () => startEmbeddedPostgres({ dataDir, durability: 'relaxed' });
  let server: EmbeddedPostgresHandle | undefined = await start().catch((error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const adminUrl = server.url;
  return {
    async database(name) {
      await createDatabases(adminUrl, [name]);
      return databaseUrl(adminUrl, name);
    },
    async halt() {
      await server?.stop();
      server = undefined;
    },
    async restart() {
      server ??= await start();
    },
    async stop() {
      await server?.stop();
      server = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
