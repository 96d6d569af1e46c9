// NATS users per service, for real: a nats-server started with the rendered permissions (as `npm start` does), the
// kit's own connectNats and credits client on the tool side, and the JetStream calls credits and identity make.
// A tool service must not be able to answer reserves, publish identity events or touch the JetStream API.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, PermissionViolationError } from '@nats-io/transport-node';
import {
  natsNames,
  natsPermissions,
  type NatsUserName,
  type TokenRevocation,
  type UsageEvent,
} from '@act/contracts/server';
import { startNats, type NatsServerHandle } from '@act/dev-infra';
import { createCreditsClient } from './charges';
import { ensureCreationsStream } from './creations';
import {
  AckPolicy,
  connectNats,
  ensureStream,
  jetstream,
  jetstreamManager,
  type NatsConnection,
} from './nats';
import { startMemberDeletion } from './member-deletion';
import { silentLogger, uniqueNamespace } from './testing';

const SERVICES = [
  'identity',
  'credits',
  'prompt',
  'chat',
  'gateway',
] as const satisfies readonly NatsUserName[];
// Subjects carry the namespace, as they do in the parallel tests.
const namespace = uniqueNamespace('perm');
const names = natsNames(namespace);
const passwords = Object.fromEntries(SERVICES.map((s) => [s, randomBytes(16).toString('hex')]));
const dataDir = mkdtempSync(path.join(tmpdir(), 'act-nats-perm-'));
let server: NatsServerHandle;
const as: Partial<Record<(typeof SERVICES)[number], NatsConnection>> = {};

const connectAs = (service: (typeof SERVICES)[number]) =>
  connectNats({ url: server.url, name: `perm-${service}`, user: service, password: passwords[service] });

beforeAll(async () => {
  server = await startNats({
    dataDir,
    users: SERVICES.map((service) => ({
      user: service,
      password: passwords[service]!,
      permissions: natsPermissions(service, namespace),
    })),
  });
  for (const service of SERVICES) as[service] = await connectAs(service);
}, 30_000);

afterAll(async () => {
  for (const nc of Object.values(as)) await nc.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The error the server answers a subscription with, or undefined when it is accepted. */
async function subscribeError(nc: NatsConnection, subject: string): Promise<Error | undefined> {
  let failure: Error | undefined;
  const sub = nc.subscribe(subject, {
    callback: (error) => {
      failure ??= error ?? undefined;
    },
  });
  await nc.flush();
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (!sub.isClosed()) sub.unsubscribe();
  return failure;
}

function usageEvent(): UsageEvent {
  return {
    requestId: randomUUID(),
    tool: 'magic-enhance',
    userId: randomUUID(),
    at: new Date().toISOString(),
  };
}

async function streamMessages(stream: string): Promise<number> {
  const jsm = await jetstreamManager(as.credits!);
  return (await jsm.streams.info(stream)).state.messages;
}

describe('NATS users per service', () => {
  it('lets the credits protocol run: streams, reserve request/reply, usage and user events, consumers', async () => {
    const credits = as.credits!;
    const identity = as.identity!;
    // Each owner sets up its stream twice (the second time is the update path every restart takes).
    for (let i = 0; i < 2; i += 1) {
      await ensureStream(await jetstreamManager(credits), {
        name: names.usageStream,
        subjects: names.usageStreamSubjects,
      });
      await ensureStream(await jetstreamManager(identity), {
        name: names.identityStream,
        subjects: names.identityStreamSubjects,
      });
    }

    const responder = credits.subscribe(names.reserve, {
      queue: names.reserveQueue,
      callback: (_error, message) => {
        message.respond(JSON.stringify({ ok: true, cost: 1, remainingCredits: 9 }));
      },
    });
    // The server knows the responder before prompt's request arrives on another connection (else: no responders).
    await credits.flush();
    const client = createCreditsClient({ nc: as.prompt!, namespace, timeoutMs: 2_000 });
    const reply = await client.reserve({
      requestId: randomUUID(),
      userId: randomUUID(),
      tool: 'magic-enhance',
    });
    expect(reply).toEqual({ ok: true, cost: 1, remainingCredits: 9 });
    responder.unsubscribe();

    const event = usageEvent();
    await client.commit(event);
    await client.release(usageEvent());
    await jetstream(identity).publish(names.userCreated, JSON.stringify({ userId: randomUUID() }));

    // credits reads both streams with durable pull consumers and acknowledges.
    const jsm = await jetstreamManager(credits);
    for (const [stream, consumer, filter] of [
      [names.usageStream, `${names.usageConsumer}-committed`, names.usageCommitted],
      [names.identityStream, names.userConsumer, names.userCreated],
    ] as const) {
      await jsm.consumers.add(stream, {
        durable_name: consumer,
        ack_policy: AckPolicy.Explicit,
        filter_subject: filter,
      });
      await jsm.consumers.update(stream, consumer, { max_deliver: 5 });
      const reader = await jetstream(credits).consumers.get(stream, consumer);
      const message = await reader.next({ expires: 2_000 });
      expect(message?.subject).toBe(filter);
      if (filter === names.usageCommitted) expect(message?.json()).toEqual(event);
      await message!.ackAck();
    }
    await jetstream(credits).publish(names.usageDeadLetter, 'poison');
  });

  it('refuses a tool service the reserve subject, identity events, other inboxes and other streams', async () => {
    const prompt = as.prompt!;
    expect(String(await subscribeError(prompt, names.reserve))).toMatch(/Permissions Violation/);
    expect(String(await subscribeError(prompt, '_INBOX_credits.>'))).toMatch(/Permissions Violation/);
    expect(String(await subscribeError(prompt, `${names.reserve.replace('credits.reserve', '>')}`))).toMatch(
      /Permissions Violation/,
    );
    // A service that stores results reaches the JetStream API for its CREATIONS stream, and for member deletion looks
    // up IDENTITY (startMemberDeletion), but changes no one else's stream.
    const jsm = await jetstreamManager(prompt);
    await expect(jsm.streams.info(names.identityStream)).resolves.toBeDefined();
    await expect(jsm.streams.update(names.identityStream, { max_msgs: 1 })).rejects.toThrow();
    await expect(jsm.streams.delete(names.identityStream)).rejects.toThrow();
    await expect(jsm.streams.add({ name: names.usageStream, subjects: ['x.>'] })).rejects.toThrow();

    const identityEvents = await streamMessages(names.identityStream);
    for (const subject of [names.userCreated, names.userDeleted]) {
      await expect(
        jetstream(prompt).publish(subject, JSON.stringify({ userId: randomUUID() }), { timeout: 1_000 }),
      ).rejects.toThrow();
    }
    expect(await streamMessages(names.identityStream)).toBe(identityEvents);
  });

  it('lets every service but identity consume account deletions with a durable consumer of its own', async () => {
    const { prompt, chat } = as as Required<typeof as>;
    for (const [service, nc] of [
      ['prompt', prompt],
      ['chat', chat],
    ] as const) {
      const worker = await startMemberDeletion({
        nc,
        logger: silentLogger(),
        namespace,
        service,
        deleteMember: async () => undefined,
      });
      await worker.stop();
    }
    await expect(
      jetstream(prompt).publish(names.memberDeletionDeadLetter, '{}', { timeout: 1_000 }),
    ).resolves.toBeDefined();
  });

  it('lets a result owner ensure CREATIONS, publish its events and answer its own library deletes only', async () => {
    const { prompt, chat } = as as Required<typeof as>;
    await ensureCreationsStream(await jetstreamManager(prompt), names);
    const ack = await jetstream(prompt).publish(names.creationDeleted, '{}', { msgID: randomUUID() });
    expect(ack.stream).toBe(names.creationsStream);
    expect(await subscribeError(prompt, `${names.creationDeletePrefix}.prompt`)).toBeUndefined();
    expect(String(await subscribeError(prompt, `${names.creationDeletePrefix}.chat`))).toMatch(
      /Permissions Violation/,
    );
    expect(await subscribeError(chat, `${names.creationDeletePrefix}.chat`)).toBeUndefined();
    expect(String(await subscribeError(as.gateway!, `${names.creationDeletePrefix}.prompt`))).toMatch(
      /Permissions Violation/,
    );
    // One stored chat answer for Send to: chat alone answers the library's question, no other owner can.
    expect(await subscribeError(chat, names.chatAnswer)).toBeUndefined();
    expect(String(await subscribeError(prompt, names.chatAnswer))).toMatch(/Permissions Violation/);
  });

  it('lets credits publish usage notices to NOTICES and identity consume them, and no one else publish one', async () => {
    const { credits, identity, prompt } = as as Required<typeof as>;
    await ensureStream(await jetstreamManager(credits), {
      name: names.noticesStream,
      subjects: names.noticesStreamSubjects,
    });
    await jetstream(credits).publish(names.noticeRaised, JSON.stringify({ noticeId: '1' }), {
      msgID: 'notice:1',
    });
    for (const forger of [identity, prompt]) {
      await expect(
        jetstream(forger).publish(names.noticeRaised, JSON.stringify({ noticeId: '2' }), { timeout: 1_000 }),
      ).rejects.toThrow();
    }
    expect(await streamMessages(names.noticesStream)).toBe(1);

    const jsm = await jetstreamManager(identity);
    await jsm.consumers.add(names.noticesStream, {
      durable_name: names.noticeConsumer,
      ack_policy: AckPolicy.Explicit,
      filter_subject: names.noticeRaised,
    });
    const reader = await jetstream(identity).consumers.get(names.noticesStream, names.noticeConsumer);
    const message = await reader.next({ expires: 2_000 });
    expect(message?.json()).toEqual({ noticeId: '1' });
    await message!.ackAck();
    await jetstream(identity).publish(names.noticeDeadLetter, 'poison');
    // Identity reads no other stream.
    await expect(
      jsm.consumers.add(names.usageStream, {
        durable_name: 'identity-snoop',
        ack_policy: AckPolicy.Explicit,
      }),
    ).rejects.toThrow();
  });

  it('lets only tool services publish usage and only credits answer reserves', async () => {
    const usageEvents = await streamMessages(names.usageStream);
    for (const nc of [as.credits!, as.identity!]) {
      await expect(
        jetstream(nc).publish(names.usageCommitted, JSON.stringify(usageEvent()), { timeout: 1_000 }),
      ).rejects.toThrow();
    }
    expect(await streamMessages(names.usageStream)).toBe(usageEvents);
    expect(String(await subscribeError(as.identity!, names.reserve))).toMatch(/Permissions Violation/);
    expect(await subscribeError(as.credits!, names.reserve)).toBeUndefined();
    // Replica leases: announced by tool services, followed by credits alone (no service reads another's).
    expect(await subscribeError(as.credits!, names.chargeLeases)).toBeUndefined();
    expect(String(await subscribeError(as.prompt!, names.chargeLeases))).toMatch(/Permissions Violation/);
  });

  it("refuses connections without a user or with another service's password", async () => {
    await expect(connect({ servers: server.url, reconnect: false })).rejects.toThrow(/Authorization/i);
    await expect(
      connectNats({ url: server.url, name: 'perm-wrong', user: 'credits', password: passwords.prompt }),
    ).rejects.toThrow(/Authorization/i);
    await expect(connectNats({ url: server.url, name: 'perm-half', user: 'credits' })).rejects.toThrow(
      'NATS_PASSWORD: is required when NATS_USER is set',
    );
  });

  it('lets only identity publish token revocations and answer the revocation list', async () => {
    const { identity, credits, prompt, gateway } = as as Required<typeof as>;
    const revocation = (): TokenRevocation => ({
      kind: 'user',
      userId: randomUUID(),
      notBefore: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    // Everyone who checks tokens receives revocations.
    const received: Record<string, string[]> = { gateway: [], prompt: [], credits: [] };
    for (const [name, nc] of [
      ['gateway', gateway],
      ['prompt', prompt],
      ['credits', credits],
    ] as const) {
      nc.subscribe(names.tokenRevoked, {
        callback: (_error, message) => {
          received[name]!.push(message.string());
        },
      });
      await nc.flush();
    }
    const genuine = JSON.stringify(revocation());
    identity.publish(names.tokenRevoked, genuine);
    // A forged one (signing a member out everywhere, or worse) from any other user is dropped by NATS.
    const forgers = [prompt, credits, gateway];
    const violations = forgers.map(
      (nc) =>
        new Promise<string>((resolve) => {
          void (async () => {
            for await (const status of nc.status()) {
              const error = status.type === 'error' ? status.error : undefined;
              if (error instanceof PermissionViolationError && error.subject === names.tokenRevoked) {
                resolve(`${error.name} ${error.operation}`);
                return;
              }
            }
          })();
        }),
    );
    for (const nc of forgers) nc.publish(names.tokenRevoked, JSON.stringify(revocation()));
    for (const violation of violations) expect(await violation).toBe('PermissionViolationError publish');
    await identity.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const name of Object.keys(received)) expect(received[name], name).toEqual([genuine]);

    // Only identity may answer the list; everyone may ask for it.
    for (const nc of forgers) {
      expect(String(await subscribeError(nc, names.tokenRevocations))).toMatch(/Permissions Violation/);
    }
    const responder = identity.subscribe(names.tokenRevocations, {
      queue: names.revocationsQueue,
      callback: (_error, message) => {
        message.respond(JSON.stringify({ revocations: [] }));
      },
    });
    await identity.flush();
    for (const nc of forgers) {
      const reply = await nc.request(names.tokenRevocations, '{}', { timeout: 2_000 });
      expect(reply.json()).toEqual({ revocations: [] });
    }
    responder.unsubscribe();
    // The gateway may do nothing else: no reserve, no usage, no JetStream.
    await expect(gateway.request(names.reserve, '{}', { timeout: 500 })).rejects.toThrow();
    await expect(jetstreamManager(gateway)).rejects.toThrow();
  });

  it('lets only chat announce and receive Stop, and charge like any tool service', async () => {
    const chat = as.chat!;
    const received: unknown[] = [];
    const sub = chat.subscribe(names.chatStop, {
      callback: (_error, message) => {
        received.push(message.json());
      },
    });
    await chat.flush();
    chat.publish(names.chatStop, JSON.stringify({ messageId: randomUUID(), userId: randomUUID() }));
    await chat.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
    sub.unsubscribe();
    await createCreditsClient({ nc: chat, namespace, timeoutMs: 2_000 }).commit(usageEvent());
    for (const other of ['prompt', 'gateway'] as const)
      expect(String(await subscribeError(as[other]!, names.chatStop)), other).toMatch(
        /Permissions Violation/,
      );
  });
});
