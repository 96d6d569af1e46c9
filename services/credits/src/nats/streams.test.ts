// The USAGE stream keeps as many copies as JETSTREAM_REPLICAS asks (3 on the k8s NATS cluster): the setting reaches
// the server, which a single test server proves by refusing more than one copy.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsNames } from '@act/contracts/server';
import { connectNats, jetstreamManager, loadConfig, type NatsConnection } from '@act/service-kit';
import { testNatsUrl } from '@act/service-kit/testing';
import { creditsConfigSchema } from '../config';
import { ensureCreditsStreams } from './streams';

let nc: NatsConnection;

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'credits-streams-test' });
});
afterAll(async () => nc.drain());

const namespace = () => `streams_${randomUUID().slice(0, 8)}`;

describe('credits streams', () => {
  it('reads JETSTREAM_REPLICAS from the environment, one copy by default', () => {
    const base = {
      DATABASE_URL: 'postgres://localhost/credits',
      NATS_URL: 'nats://localhost:4222',
      JWKS_URL: 'http://localhost/jwks.json',
    };
    expect(loadConfig(creditsConfigSchema, base).JETSTREAM_REPLICAS).toBe(1);
    expect(loadConfig(creditsConfigSchema, { ...base, JETSTREAM_REPLICAS: '3' }).JETSTREAM_REPLICAS).toBe(3);
  });

  it('creates USAGE (and a missing IDENTITY) with the replicas asked for', async () => {
    const names = natsNames(namespace());
    await ensureCreditsStreams(nc, names, 1);
    const jsm = await jetstreamManager(nc);
    expect((await jsm.streams.info(names.usageStream)).config.num_replicas).toBe(1);
    expect((await jsm.streams.info(names.identityStream)).config.num_replicas).toBe(1);
    await jsm.streams.delete(names.usageStream);
    await jsm.streams.delete(names.identityStream);
  });

  it('asks the server for 3 copies when JETSTREAM_REPLICAS is 3 (a single server says it cannot keep them)', async () => {
    const names = natsNames(namespace());
    await expect(ensureCreditsStreams(nc, names, 3)).rejects.toThrow(/replicas/i);
    const jsm = await jetstreamManager(nc);
    await expect(jsm.streams.info(names.usageStream)).rejects.toThrow(/not found/i);
  });
});
