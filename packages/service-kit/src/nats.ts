// NATS connection and JetStream stream set-up shared by every service.
import {
  connect,
  RetentionPolicy,
  StorageType,
  DiscardPolicy,
  type NatsConnection,
  type JetStreamManager,
  type StreamConfig,
} from 'nats';
import { natsInboxPrefix } from '@act/contracts/server';
import { ConfigError } from './config';

export type { NatsConnection };

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
  return connect({
    servers: url,
    name,
    // Replies come on the user's own inbox prefix, the only one its permissions let it subscribe to.
    ...(user ? { user, pass: password, inboxPrefix: natsInboxPrefix(user) } : {}),
    // Keep trying forever: a NATS restart must not take the service down with it.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    timeout: 5_000,
  });
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
  const nanos = (ms: number) => ms * 1_000_000;
  const config: Partial<StreamConfig> = {
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
    // JetStream's API error code for "stream not found".
    if ((error as { api_error?: { err_code?: number } }).api_error?.err_code === 10059) {
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
