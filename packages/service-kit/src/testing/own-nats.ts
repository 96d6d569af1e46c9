// A nats-server a test file has to itself (dev-infra's embedded one, as `npm start` runs it), for fault tests: kill
// it as a crash would (SIGKILL), then start it again on the same port and JetStream folder, as the launcher's
// supervisor does, so the services pointed at its URL reconnect on their own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startNats, type NatsServerHandle } from '@act/dev-infra/nats-server';

export interface OwnNats {
  url: string;
  /** SIGKILL: the server is gone at once, as after a crash; resolves once it has exited. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same streams; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  stop(): Promise<void>;
}

export async function startOwnNats(): Promise<OwnNats> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'act-own-nats-'));
  let server: NatsServerHandle | undefined = await startNats({ dataDir }).catch((error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { port, url } = server;
  return {
    url,
    async kill() {
      if (!server) return;
      const pid = Number(fs.readFileSync(path.join(dataDir, 'nats-server.pid'), 'utf8').trim());
      process.kill(pid, 'SIGKILL');
      await server.exited;
      server = undefined;
    },
    async restart() {
      server ??= await startNats({ dataDir, port });
    },
    async stop() {
      await server?.stop();
      server = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
