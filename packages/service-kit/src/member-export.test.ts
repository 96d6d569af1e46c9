// The export protocol between a service and identity on a real NATS: a part larger than NATS's message limit arrives
// whole (chunked), a service that fails to collect or does not answer is a MemberExportFailed, never a partial part.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsNames, type MemberExportPart } from '@act/contracts/server';
import { answerMemberExport, MemberExportFailed, requestMemberExport } from './member-export';
import { connectNats, type NatsConnection } from './nats';
import { silentLogger, testNatsUrl, uniqueNamespace } from './testing';

const names = natsNames(uniqueNamespace('mex'));
let nc: NatsConnection;

beforeAll(async () => {
  nc = await connectNats({ url: testNatsUrl(), name: 'member-export-test' });
});
afterAll(async () => {
  await nc?.drain();
});

const request = () => ({ exportId: randomUUID(), userId: randomUUID() });

describe('member export protocol', () => {
  it('reassembles a part several times larger than the NATS payload limit', async () => {
    // Multi-byte text, so chunk borders fall inside characters.
    const long = 'é🎨'.repeat(Math.ceil((nc.info!.max_payload * 3) / 6));
    const part: MemberExportPart = {
      documents: [{ path: 'chats/a.json', data: { text: long } }],
      files: [{ path: 'images/a.png', key: 'image/u/a.png' }],
    };
    const seen: string[] = [];
    const responder = answerMemberExport({
      nc,
      names,
      service: 'chat',
      logger: silentLogger(),
      collect: async (userId) => {
        seen.push(userId);
        return part;
      },
    });
    try {
      const asked = request();
      await expect(requestMemberExport(nc, names, 'chat', asked, 5_000)).resolves.toEqual(part);
      expect(seen).toEqual([asked.userId]);
    } finally {
      await responder.stop();
    }
  });

  it('fails when the service cannot collect its part, or does not answer in time', async () => {
    const responder = answerMemberExport({
      nc,
      names,
      service: 'voice',
      logger: silentLogger(),
      collect: async () => {
        throw new Error('database away');
      },
    });
    try {
      await expect(requestMemberExport(nc, names, 'voice', request(), 5_000)).rejects.toThrow(
        MemberExportFailed,
      );
    } finally {
      await responder.stop();
    }
    const slow = answerMemberExport({
      nc,
      names,
      service: 'prompt',
      logger: silentLogger(),
      collect: () => new Promise((resolve) => setTimeout(() => resolve({ documents: [], files: [] }), 2_000)),
    });
    try {
      await expect(requestMemberExport(nc, names, 'prompt', request(), 300)).rejects.toThrow(/prompt part/);
    } finally {
      await slow.stop();
    }
    // Nobody answering at all.
    await expect(requestMemberExport(nc, names, 'youtube', request(), 300)).rejects.toThrow(
      MemberExportFailed,
    );
  });
  it('lives through a connection that closes while it collects: the late reply is logged, not thrown', async () => {
    // A service stopping mid-export: its connection closes before the part is ready. Publishing then throws; left
    // in the callback's promise it would be an unhandled rejection, which ends the process.
    const own = await connectNats({ url: testNatsUrl(), name: 'member-export-closing' });
    let ready!: (part: MemberExportPart) => void;
    const collecting = new Promise<MemberExportPart>((resolve) => (ready = resolve));
    let asked!: () => void;
    const arrived = new Promise<void>((resolve) => (asked = resolve));
    const warnings: unknown[] = [];
    const logger = silentLogger();
    logger.warn = ((...args: unknown[]) => void warnings.push(args)) as typeof logger.warn;
    answerMemberExport({
      nc: own,
      names,
      service: 'voice',
      logger,
      collect: () => {
        asked();
        return collecting;
      },
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const answer = requestMemberExport(nc, names, 'voice', request(), 2_000).catch(
        (error: unknown) => error,
      );
      await arrived;
      await own.close();
      ready({ documents: [], files: [] });
      expect(await answer).toBeInstanceOf(MemberExportFailed);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(warnings).toHaveLength(1);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
