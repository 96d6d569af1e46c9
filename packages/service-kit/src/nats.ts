// NATS connection and JetStream stream set-up shared by every service (nats.js v3: the connection from
// @nats-io/transport-node, JetStream from @nats-io/jetstream, which takes the connection as an argument).
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { natsInboxPrefix } from '@act/contracts/server';
import { ConfigError } from './config';
import type { Logger } from './logger';

export type { NatsConnection };
export { headers as natsHeaders, type MsgHdrs, type Subscription } from '@nats-io/transport-node';
export {
  AckPolicy,
  JetStreamApiCodes,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';

/** The code of a JetStream API error the server answered (10059: no such stream), else undefined. */
export function jetStreamApiCode(error: unknown): number | undefined {
  return error instanceof JetStreamApiError ? error.code : undefined;
}

export interface NatsOptions {
  url: string;
  name: string;
  /**
   * The service's NATS user (NATS_USER) and its password (NATS_PASSWORD): the server then allows only the subjects
   * of that user (see natsPermissions in contracts). Both unset: an anonymous connection (a NATS without auth).
   */
  user?: string;
  password?: string;
}

export async function connectNats({ url, name, user, password }: NatsOptions): Promise<NatsConnection> {
  if (Boolean(user) !== Boolean(password)) {
    throw new ConfigError([
      user
        ? 'NATS_PASSWORD: is required when NATS_USER is set'
        : 'NATS_USER: is required when NATS_PASSWORD is set',
    ]);
  }
  const nc = await connect({
    servers: url,
    name,
    // Replies come on the user's own inbox prefix, the only one its permissions let it subscribe to.
    ...(user ? { user, pass: password, inboxPrefix: natsInboxPrefix(user) } : {}),
    // Keep trying forever: a NATS restart must not take the service down with it, and a service started while NATS
    // is briefly away (a restart under `npm start`, a rolling update) waits for it instead of exiting.
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    waitOnFirstConnect: true,
    timeout: 5_000,
    // No Error (with its captured stack) built per request and publish for a timeout that rarely comes: it was a
    // seventh of the credits cycle's CPU (docs/architecture.md#performance). A timeout still rejects, as a 503.
    noAsyncTraces: true,
  });
  watchConnection(nc);
  return nc;
}

/** Whether each watched connection is up right now, from its status events. */
const connectedByConnection = new WeakMap<NatsConnection, { connected: boolean }>();

/**
 * Follows the connection's status events, so isNatsConnected() can answer without a round trip. connectNats does it
 * for every connection it opens; call it at once for a connection opened otherwise.
 */
export function watchConnection(nc: NatsConnection): void {
  if (connectedByConnection.has(nc)) return;
  const state = { connected: !nc.isClosed() };
  connectedByConnection.set(nc, state);
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') state.connected = false;
      else if (status.type === 'reconnect') state.connected = true;
    }
    // The iterator ends when the connection closes.
    state.connected = false;
  })();
}

/**
 * True unless the connection is closed or between a disconnect and its reconnect. Whatever needs NATS on a request
 * path asks this first and answers 503 at once, instead of letting nats.js queue the request until it times out.
 */
export function isNatsConnected(nc: NatsConnection): boolean {
  watchConnection(nc);
  return !nc.isClosed() && connectedByConnection.get(nc)!.connected;
}

export interface StreamOptions {
  name: string;
  subjects: string[];
  /** How long events are kept (ms). */
  maxAgeMs?: number;
  /** Window in which a repeated message id is dropped by the server (ms). */
  duplicateWindowMs?: number;
  replicas?: number;
}

/** Creates the stream, or updates it to the given subjects and limits when it already exists. */
export async function ensureStream(jsm: JetStreamManager, options: StreamOptions): Promise<void> {
  const config: Partial<StreamConfig> & { name: string } = {
    name: options.name,
    subjects: options.subjects,
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(options.maxAgeMs ?? 7 * 24 * 3600 * 1000),
    duplicate_window: nanos(options.duplicateWindowMs ?? 2 * 60 * 1000),
    num_replicas: options.replicas ?? 1,
  };
  try {
    await jsm.streams.info(options.name);
    await jsm.streams.update(options.name, config);
  } catch (error) {
    if (jetStreamApiCode(error) === JetStreamApiCodes.StreamNotFound) {
      await jsm.streams.add(config);
      return;
    }
    throw error;
  }
}

export async function natsReady(nc: NatsConnection): Promise<void> {
  if (nc.isClosed()) throw new Error('NATS connection closed');
  await nc.flush();
}

/**
 * Answers a NATS request once async work is done, off the subscription's callback: `answer` with the work's result,
 * or `failed` with its error. A reply that cannot be sent (the connection closed while the work ran: the service is
 * stopping) is logged, never thrown from a promise nobody awaits, where it would end the process; the requester
 * times out and asks again.
 */
export function answerWhenDone<T>(
  logger: Logger,
  work: Promise<T>,
  answer: (result: T) => void,
  failed: (error: unknown) => void,
): void {
  work
    .then(answer, failed)
    .catch((err: unknown) =>
      logger.warn({ err }, 'could not send a NATS reply; the requester will ask again'),
    );
}
