// The gateway's view of revoked access tokens: it connects to NATS as its own user (allowed only to receive
// revocations and ask identity for the list) and keeps service-kit's revocation list in step. NATS is never a
// reason to stop serving: without it the gateway keeps the last known list (empty when NATS was never reached), is
// still ready, and catches up as soon as the connection comes (the watcher resyncs on every reconnect).
import {
  connectNats,
  startRevocationWatcher,
  type Logger,
  type NatsConnection,
  type RevocationList,
  type RevocationWatcher,
} from '@act/service-kit';
import type { GatewayConfig } from './config';

const RECONNECT_DELAY_MS = 2_000;

export interface RevocationFollower {
  /** What the JWT verifier consults. */
  list: RevocationList;
  /** Resolves once the first list arrived, or after `firstSyncWaitMs` (whichever comes first); never rejects. */
  started: Promise<void>;
  close(): Promise<void>;
}

export function followRevocations(options: {
  config: Pick<GatewayConfig, 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD' | 'NATS_NAMESPACE'>;
  list: RevocationList;
  logger: Logger;
  /** How long start-up waits for the first list before serving anyway (default 3 s). */
  firstSyncWaitMs?: number;
}): RevocationFollower {
  const { config, list, logger } = options;
  const natsUrl = config.NATS_URL;
  if (!natsUrl) {
    logger.warn('NATS_URL is not set: revoked access tokens stay valid at the gateway until they expire');
    return { list, started: Promise.resolve(), close: async () => undefined };
  }
  let closed = false;
  let nc: NatsConnection | undefined;
  let watcher: RevocationWatcher | undefined;

  const connectAndWatch = async (): Promise<void> => {
    while (!closed) {
      try {
        nc = await connectNats({
          url: natsUrl,
          name: 'gateway',
          user: config.NATS_USER,
          password: config.NATS_PASSWORD,
        });
        break;
      } catch (error) {
        logger.warn({ err: error }, 'NATS unreachable: serving with the last known token revocations');
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS).unref());
      }
    }
    if (!nc) return;
    if (closed) {
      await nc.close();
      return;
    }
    watcher = await startRevocationWatcher({ nc, namespace: config.NATS_NAMESPACE, list, logger });
  };

  const following = connectAndWatch().catch((error: unknown) => {
    logger.error({ err: error }, 'could not follow token revocations');
  });
  let waitTimer: NodeJS.Timeout | undefined;
  const started = Promise.race([
    following,
    new Promise<void>((resolve) => {
      waitTimer = setTimeout(resolve, options.firstSyncWaitMs ?? 3_000);
      waitTimer.unref();
    }),
  ]).finally(() => clearTimeout(waitTimer));

  return {
    list,
    started,
    async close() {
      closed = true;
      watcher?.stop();
      if (nc && !nc.isClosed()) await nc.drain();
    },
  };
}
