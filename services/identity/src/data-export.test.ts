// Export my data over HTTP, through the real gateway in front of the real identity, with real PostgreSQL, NATS and
// the S3-protocol store: six stand-in services answer `member.export.<service>` with the kit's responder, each with
// its part for the member who asked (a chat, a prompt result, an image file stored in S3, a clip, a summary, ledger
// entries). The member asks, polls to ready, downloads the zip from its signed link and finds each part; another
// member's export id is 404 and their data is absent from the zip; a second export while one is pending is refused,
// and so is one within the hour after a ready one; a service that does not answer fails the export, never a partial
// zip, and the member may ask again at once. Deleting the account deletes its exports: the signed link answers 404.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import {
  ACCOUNT_DELETION_ENDPOINTS,
  API_ROUTES,
  DATA_EXPORT_ENDPOINTS,
  DATA_EXPORT_ERROR_TEXTS,
  type DataExport,
} from '@act/contracts';
import {
  MEMBER_EXPORT_SERVICES,
  natsNames,
  type MemberExportPart,
  type MemberExportService,
} from '@act/contracts/server';
import {
  answerMemberExport,
  connectNats,
  type MemberExportResponder,
  type NatsConnection,
} from '@act/service-kit';
import { createObjectStore, type ObjectStore } from '@act/service-kit/files';
import { silentLogger, testObjectStoreEnv, waitUntil } from '@act/service-kit/testing';
import {
  startGateway,
  startIdentity,
  type GatewayUnderTest,
  type IdentityUnderTest,
} from './test-support/harness';

const EXPORTS = DATA_EXPORT_ENDPOINTS.createDataExport.path;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077', 'hex');

let identity: IdentityUnderTest;
let gateway: GatewayUnderTest;
let nc: NatsConnection;
let imageFiles: ObjectStore;
let responders: MemberExportResponder[] = [];
/** Services that stay silent (the timeout case). */
const silent = new Set<MemberExportService>();
/** Each member's data, as the services keep it. */
const data = new Map<string, Partial<Record<MemberExportService, MemberExportPart>>>();
/**
 * Members whose parts wait until the test releases them: their export stays pending for as long as the test looks at
 * it (held for less than EXPORT_PART_TIMEOUT_MS, or the part times out). Without the hold, a quick build on a busy machine is ready before the next request arrives, and that request
 * meets the hour's wait (429) instead of the pending export (409).
 */
const held = new Map<string, Promise<void>>();

function hold(userId: string): () => void {
  let release!: () => void;
  held.set(userId, new Promise<void>((resolve) => (release = resolve)));
  return () => {
    held.delete(userId);
    release();
  };
}

beforeAll(async () => {
  const s3 = testObjectStoreEnv();
  identity = await startIdentity({ env: { ...s3, EXPORT_PART_TIMEOUT_MS: '8000' } });
  gateway = await startGateway({ identity });
  const { config } = identity;
  imageFiles = createObjectStore(
    { ...config, S3_BUCKET: config.S3_BUCKET!, FILE_URL_SECRET: config.FILE_URL_SECRET! },
    { service: 'image' },
  );
  nc = await connectNats({ url: identity.config.NATS_URL, name: 'export-stand-ins' });
  const names = natsNames(identity.namespace);
  responders = MEMBER_EXPORT_SERVICES.map((service) =>
    answerMemberExport({
      nc,
      names,
      service,
      logger: silentLogger(service),
      collect: async (userId) => {
        await held.get(userId);
        if (silent.has(service)) await new Promise((resolve) => setTimeout(resolve, 10_000));
        return data.get(userId)?.[service] ?? { documents: [], files: [] };
      },
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(responders.map((responder) => responder.stop()));
  await nc?.drain();
  await gateway?.close();
  await identity?.runtime.deps.dataExports?.exports.idle();
  await identity?.close();
});

let counter = 0;
async function newMember(): Promise<{ token: string; userId: string; email: string }> {
  counter += 1;
  const email = `export-${counter}-${Date.now()}@example.com`;
  const reply = await fetch(new URL(API_ROUTES.identity.signup, gateway.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  expect(reply.status).toBe(200);
  const { session } = (await reply.json()) as { session: { access_token: string; user: { id: string } } };
  return { token: session.access_token, userId: session.user.id, email };
}

async function call(token: string, method: string, path: string) {
  const response = await fetch(new URL(path, gateway.url), {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    body: (await response.json()) as { export?: DataExport; error?: string },
  };
}

async function settled(token: string, id: string): Promise<DataExport> {
  return waitUntil(
    async () => (await call(token, 'GET', `${EXPORTS}/${id}`)).body.export!,
    (current) => current.status !== 'pending',
    { timeoutMs: 20_000, intervalMs: 100, what: 'the export to settle' },
  );
}

/** What one member keeps in each service; the image's file is really stored in S3 under the member's prefix. */
async function seed(userId: string, word: string): Promise<void> {
  const image = await imageFiles.put({ owner: userId, body: PNG, contentType: 'image/png', ext: 'png' });
  const imageId = randomUUID();
  data.set(userId, {
    credits: {
      documents: [{ path: 'credits/ledger.json', data: [{ delta: -3, reason: `usage-${word}` }] }],
      files: [],
    },
    chat: { documents: [{ path: `chats/${randomUUID()}.json`, data: { title: `chat-${word}` } }], files: [] },
    prompt: {
      documents: [{ path: 'prompts/results.json', data: [{ result: `prompt-${word}` }] }],
      files: [],
    },
    image: {
      documents: [
        { path: 'images.json', data: { images: [{ id: imageId, file: `images/${imageId}.png` }] } },
      ],
      files: [{ path: `images/${imageId}.png`, key: image.key }],
    },
    voice: { documents: [{ path: 'audio.json', data: [{ text: `clip-${word}` }] }], files: [] },
    youtube: { documents: [{ path: 'summaries.json', data: [{ summary: `summary-${word}` }] }], files: [] },
  });
}

describe('export my data', () => {
  it("builds the member's zip from every service, behind a signed download link; others get 404", async () => {
    const alice = await newMember();
    const bob = await newMember();
    await seed(alice.userId, 'alice');
    await seed(bob.userId, 'bob');

    const release = hold(alice.userId);
    const created = await call(alice.token, 'POST', EXPORTS);
    expect(created.status).toBe(202);
    expect(created.body.export).toMatchObject({ status: 'pending' });
    const id = created.body.export!.id;

    // One at a time: a second request while this one is pending is refused.
    const second = await call(alice.token, 'POST', EXPORTS);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(DATA_EXPORT_ERROR_TEXTS.alreadyPending);

    // Another member cannot read it, nor learn that it exists.
    const stranger = await call(bob.token, 'GET', `${EXPORTS}/${id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe(DATA_EXPORT_ERROR_TEXTS.notFound);

    release();
    const ready = await settled(alice.token, id);
    expect(ready.status).toBe('ready');
    expect(ready.downloadUrl).toMatch(/^\/api\/identity\/files\//);

    const download = await fetch(new URL(ready.downloadUrl!, gateway.url));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="act-data-export-.*\.zip"$/,
    );
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const names = Object.keys(zip);
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'credits/ledger.json',
        'prompts/results.json',
        'images.json',
        'audio.json',
        'summaries.json',
      ]),
    );
    expect(JSON.parse(strFromU8(zip['account.json']!))).toMatchObject({
      id: alice.userId,
      email: alice.email,
    });
    const chat = names.find((name) => /^chats\/.+\.json$/.test(name))!;
    expect(strFromU8(zip[chat]!)).toContain('chat-alice');
    const imageFile = names.find((name) => /^images\/.+\.png$/.test(name))!;
    expect(Buffer.from(zip[imageFile]!)).toEqual(PNG);
    const everything = names.map((name) => strFromU8(zip[name]!)).join('\n');
    for (const word of ['usage-alice', 'prompt-alice', 'clip-alice', 'summary-alice']) {
      expect(everything).toContain(word);
    }
    expect(everything).not.toContain('bob');
    expect(everything).not.toContain(bob.email);

    // The link is the permission: altered, it is refused.
    const forged = await fetch(new URL(ready.downloadUrl!.replace(/sig=[^&]+/, 'sig=AAAA'), gateway.url));
    expect(forged.status).toBe(403);

    // After a ready export, the next one waits an hour.
    const again = await call(alice.token, 'POST', EXPORTS);
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/less than an hour ago/);
  });

  it('starts one export of two asked for at the same instant', async () => {
    const frank = await newMember();
    const release = hold(frank.userId);
    const replies = await Promise.all([
      call(frank.token, 'POST', EXPORTS),
      call(frank.token, 'POST', EXPORTS),
    ]);
    release();
    expect(replies.map((reply) => reply.status).sort()).toEqual([202, 409]);
    const started = replies.find((reply) => reply.status === 202)!.body.export!;
    expect((await settled(frank.token, started.id)).status).toBe('ready');
  });

  it('fails the export when a service does not answer in time, and lets the member ask again', async () => {
    const carol = await newMember();
    await seed(carol.userId, 'carol');
    silent.add('youtube');
    try {
      const created = await call(carol.token, 'POST', EXPORTS);
      expect(created.status).toBe(202);
      const failed = await settled(carol.token, created.body.export!.id);
      expect(failed).toEqual({ id: created.body.export!.id, status: 'failed' });
    } finally {
      silent.delete('youtube');
    }
    const retried = await call(carol.token, 'POST', EXPORTS);
    expect(retried.status).toBe(202);
    expect((await settled(carol.token, retried.body.export!.id)).status).toBe('ready');
  });

  it("refuses a part whose file is not the member's own", async () => {
    const dave = await newMember();
    const erin = await newMember();
    const erinsImage = await imageFiles.put({
      owner: erin.userId,
      body: PNG,
      contentType: 'image/png',
      ext: 'png',
    });
    data.set(dave.userId, {
      image: { documents: [], files: [{ path: 'images/x.png', key: erinsImage.key }] },
    });
    const created = await call(dave.token, 'POST', EXPORTS);
    expect((await settled(dave.token, created.body.export!.id)).status).toBe('failed');
  });

  it('deletes the export, zip and link, with the account', async () => {
    const leaving = await newMember();
    await seed(leaving.userId, 'leaving');
    const created = await call(leaving.token, 'POST', EXPORTS);
    const ready = await settled(leaving.token, created.body.export!.id);
    const link = new URL(ready.downloadUrl!, gateway.url);
    expect((await fetch(link)).status).toBe(200);

    const deleted = await fetch(new URL(ACCOUNT_DELETION_ENDPOINTS.deleteAccount.path, gateway.url), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${leaving.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'correct horse battery' }),
    });
    expect(deleted.status).toBe(200);
    // The link was valid for 24 hours: it answers 404 now, and no row of the member's exports is left.
    const after = await fetch(link);
    await after.body?.cancel();
    expect(after.status).toBe(404);
    const [left] = await identity.sql<{ count: number }[]>`
      select count(*)::int as count from data_exports where user_id = ${leaving.userId}`;
    expect(left!.count).toBe(0);
  });
});
