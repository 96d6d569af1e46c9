// Deleting a member's data when identity announces `identity.user.deleted` (docs/architecture.md#member-deletion):
// every service that holds member data runs one of these with its own durable consumer on the IDENTITY stream, so a
// service that is down when the account is deleted deletes the data when it comes back. The service's
// `deleteMember` must be idempotent (a redelivery after a crash between its commit and the ack runs it again);
// failures are retried with the durable worker's back-off and dead-lettered after `maxDeliver`, and the gauges below
// make a deletion that is waiting or stuck visible:
//   member_deletion_pending{service}         deletion events not yet applied by this service (lag + in flight)
//   member_deletion_failures_total{service}  attempts that threw (each one is retried until maxDeliver)
//   member_deletion_dead_letters{service}    deletions given up on (in the IDENTITY stream, for an operator)
import { UserDeletedEventSchema, natsNames } from '@act/contracts/server';
import { Counter, Gauge, type Registry } from 'prom-client';
import { replaceGauge } from './backlog-metrics';
import { ensureDurableConsumer, parseEvent, startDurableWorker, type DurableWorker } from './durable-worker';
import type { Logger } from './logger';
import {
  ensureStream,
  JetStreamApiCodes,
  jetStreamApiCode,
  jetstreamManager,
  type NatsConnection,
} from './nats';

export interface MemberDeletionOptions {
  nc: NatsConnection;
  logger: Logger;
  /** NATS_NAMESPACE (tests give each file its own). */
  namespace?: string;
  /** The service deleting (names its durable consumer and labels its metrics). */
  service: string;
  /** Deletes everything the service holds for the member; idempotent. A throw is retried later. */
  deleteMember(userId: string, deletedAt: Date): Promise<void>;
  /** Where the gauges go (the service's registry); none in tests that do not read them. */
  registry?: Registry;
  /**
   * Deliveries before a deletion is dead-lettered. The default, with the worker's back-off capped at 30 s, keeps
   * retrying for about an hour: long enough to ride out a database restart, short enough to page someone the same day.
   */
  maxDeliver?: number;
  /** JETSTREAM_REPLICAS, when this service has to create the IDENTITY stream (identity not started yet). */
  replicas?: number;
}

const DEFAULT_MAX_DELIVER = 120;

/** The durable consumer name of `service`'s deletion worker. */
export function memberDeletionConsumer(service: string, namespace?: string): string {
  return `${natsNames(namespace).memberDeletionConsumerPrefix}-${service}`;
}

export async function startMemberDeletion(options: MemberDeletionOptions): Promise<DurableWorker> {
  const { nc, logger, service } = options;
  const names = natsNames(options.namespace);
  const consumer = memberDeletionConsumer(service, options.namespace);
  const maxDeliver = options.maxDeliver ?? DEFAULT_MAX_DELIVER;
  const jsm = await jetstreamManager(nc);
  // IDENTITY is identity's stream: created here only when missing, never rewritten (as credits does).
  try {
    await jsm.streams.info(names.identityStream);
  } catch (error) {
    if (jetStreamApiCode(error) !== JetStreamApiCodes.StreamNotFound) throw error;
    await ensureStream(jsm, {
      name: names.identityStream,
      subjects: names.identityStreamSubjects,
      replicas: options.replicas,
    });
  }
  await ensureDurableConsumer(jsm, {
    stream: names.identityStream,
    name: consumer,
    filterSubject: names.userDeleted,
    maxDeliver,
    // Deleting a member's files can take a while; a redelivery before it ends would only repeat the work.
    ackWaitMs: 120_000,
    maxAckPending: 16,
  });
  const failures = options.registry ? observeDeletions(options.registry, nc, names, consumer) : undefined;
  return startDurableWorker({
    nc,
    logger,
    stream: names.identityStream,
    consumer,
    maxDeliver,
    deadLetterSubject: names.memberDeletionDeadLetter,
    concurrency: 4,
    async handle(message) {
      const event = parseEvent(message, UserDeletedEventSchema, 'user-deleted event');
      try {
        await options.deleteMember(event.userId, new Date(event.deletedAt));
      } catch (error) {
        failures?.inc();
        throw error;
      }
      logger.info({ userId: event.userId, service }, 'member data deleted');
    },
  });
}

/** The gauges of the header, read from JetStream at each scrape; returns the failure counter. */
function observeDeletions(
  registry: Registry,
  nc: NatsConnection,
  names: ReturnType<typeof natsNames>,
  consumer: string,
): Counter {
  const failures = new Counter({
    name: 'member_deletion_failures_total',
    help: 'Attempts to delete a member’s data that failed (each is retried until the last allowed delivery)',
    registers: [],
  });
  registry.removeSingleMetric('member_deletion_failures_total');
  registry.registerMetric(failures);
  const pending: Gauge = new Gauge({
    name: 'member_deletion_pending',
    help: 'Account deletions this service has not applied yet (not delivered, or delivered and not acknowledged)',
    registers: [],
    collect: async () => {
      pending.reset();
      try {
        const info = await (await jetstreamManager(nc)).consumers.info(names.identityStream, consumer);
        pending.set(info.num_pending + info.num_ack_pending);
      } catch {
        // NATS away: no stale number; readiness reports NATS itself.
      }
    },
  });
  replaceGauge(registry, 'member_deletion_pending', pending);
  const dead: Gauge = new Gauge({
    name: 'member_deletion_dead_letters',
    help: 'Account deletions given up on after the last allowed delivery (all services, in the IDENTITY stream)',
    registers: [],
    collect: async () => {
      dead.reset();
      try {
        const subject = names.memberDeletionDeadLetter;
        const info = await (
          await jetstreamManager(nc)
        ).streams.info(names.identityStream, { subjects_filter: subject });
        dead.set(info.state.subjects?.[subject] ?? 0);
      } catch {
        // As above.
      }
    },
  });
  replaceGauge(registry, 'member_deletion_dead_letters', dead);
  return failures;
}

/** How long a service waits before trying again to start its deletion worker (NATS or JetStream away at start). */
const START_RETRY_MS = 5_000;

/**
 * startMemberDeletion for a service's lifetime (startService's `deleteMember`): a start that fails (NATS or the
 * IDENTITY stream not reachable yet) is tried again every few seconds instead of failing the service, which serves
 * its members without NATS (docs/architecture.md#nats-down). Deletions wait in the stream meanwhile.
 */
export function runMemberDeletion(options: MemberDeletionOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let worker: Promise<DurableWorker | undefined> | undefined;
  const attempt = () => {
    worker = startMemberDeletion(options).catch((error: unknown) => {
      if (stopped) return undefined;
      options.logger.warn({ err: error }, 'could not start the member-deletion consumer; trying again');
      timer = setTimeout(attempt, START_RETRY_MS);
      return undefined;
    });
  };
  attempt();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const started = await worker;
      if (started) await started.stop();
    },
  };
}
