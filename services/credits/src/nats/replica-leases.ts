// Which tool-service replicas are alive (docs/charges.md, "A replica that dies"): every replica announces itself on
// `credits.leases` every third of its lease, and every credits replica listens (no queue group: each needs them all).
// Kept in memory only: a credits replica that starts, or that was cut off from NATS, knows nothing of the silence
// before, so it counts every replica as heard of when it started listening again.
import { natsNames, ReplicaLeaseSchema } from '@act/contracts/server';
import { type Logger, type NatsConnection } from '@act/service-kit';
import type { Clock } from '../clock';

export interface ReplicaLeases {
  /** The last moment (epoch ms) this replica was heard of, or since when we have been listening if later. */
  lastHeard(replica: string): number;
  stop(): Promise<void>;
}

/** Replicas silent this long (beyond their lease) are forgotten, so the map does not grow with every restart. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export function startReplicaLeases(options: {
  nc: NatsConnection;
  namespace?: string;
  logger: Logger;
  clock: Clock;
}): ReplicaLeases {
  const { nc, logger, clock } = options;
  const heard = new Map<string, number>();
  let listeningSince = clock.now().getTime();
  let lastPrune = listeningSince;
  const decoder = new TextDecoder();

  const subscription = nc.subscribe(natsNames(options.namespace).chargeLeases, {
    callback(error, message) {
      if (error) return;
      let parsed;
      try {
        parsed = ReplicaLeaseSchema.safeParse(JSON.parse(decoder.decode(message.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const now = clock.now().getTime();
      heard.set(parsed.data.replica, now);
      if (now - lastPrune > 60_000) {
        lastPrune = now;
        for (const [replica, at] of heard) if (now - at > FORGET_AFTER_MS) heard.delete(replica);
      }
    },
  });

  // Announcements missed while disconnected say nothing about the replicas: start counting again on reconnect.
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'reconnect') {
        listeningSince = clock.now().getTime();
        logger.info('listening to replica leases again after a reconnect');
      }
    }
  })();

  return {
    lastHeard(replica) {
      return Math.max(heard.get(replica) ?? 0, listeningSince);
    },
    async stop() {
      subscription.unsubscribe();
    },
  };
}
