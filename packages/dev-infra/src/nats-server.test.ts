import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { isPortFree } from './net';
import { startNats } from './nats-server';
import { makeTempDir } from './test-dirs';

const temp = makeTempDir('nats');
afterAll(() => temp.remove());

describe('startNats', () => {
  it('runs nats-server with JetStream on a free port and stops it completely', async () => {
    const server = await startNats({ dataDir: temp.dir });
    try {
      const nc = await connect({ servers: server.url });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: 'DEVINFRA_TEST', subjects: ['devinfra.test'] });
      const ack = await jetstream(nc).publish('devinfra.test', 'hello');
      expect(ack.seq).toBe(1);
      const message = await jsm.streams.getMessage('DEVINFRA_TEST', { seq: 1 });
      expect(message?.string()).toBe('hello');
      await nc.close();
    } finally {
      await server.stop();
    }
    expect(await isPortFree(server.port)).toBe(true);
  });

  it('says how to get nats-server when there is none', async () => {
    await expect(startNats({ dataDir: temp.dir, binary: '/nonexistent/nats-server' })).rejects.toThrow(
      /apt-get install nats-server.*NATS_URL/,
    );
  });
});
