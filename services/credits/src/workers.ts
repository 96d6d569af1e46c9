// Everything credits runs besides HTTP: the reserve and immediate-release responders, the USAGE and identity consumers, the hold sweeper
// the account job (monthly resets, scheduled plan changes, purchased credits expiring, wrong-code counts whose hour ended) and the refund reconciler. Started by main.ts and by tests.
import { natsNames } from '@act/contracts/server';
import { observeJetStream, serviceMetrics, startPeriodicJob } from '@act/service-kit';
import { expirePurchasedCredits } from './domain/credit-packs';
import { applyDueAccountChanges } from './domain/monthly-reset';
import { reconcilePackRefunds } from './domain/pack-refunds';
import { forgetEndedRedemptionWindows } from './domain/redemption';
import { expireLapsedLeases, sweepStaleHolds } from './domain/sweeper';
import { startReplicaLeases } from './nats/replica-leases';
import {
  startReleaseResponder,
  startReserveResponder,
  startUsageConsumer,
  usageConsumerName,
} from './charges';
import { ensureCreditsStreams } from './nats/streams';
import { startUserCreatedConsumer } from './nats/user-created-consumer';
import type { CreditsDeps } from './deps';

export interface WorkerOptions {
  /** Periodic jobs can be left off in tests that drive them by hand. */
  periodicJobs?: boolean;
}

export interface CreditsWorkers {
  stop(): Promise<void>;
}

export async function startCreditsWorkers(
  // The workers answer NATS, not HTTP: they need no token verifier.
  deps: Omit<CreditsDeps, 'verifier'>,
  options: WorkerOptions = {},
): Promise<CreditsWorkers> {
  const { config, nc, logger } = deps;
  const names = natsNames(config.NATS_NAMESPACE);
  await ensureCreditsStreams(nc, names, config.JETSTREAM_REPLICAS);
  const usage = await startUsageConsumer({
    ...deps,
    names,
    maxDeliver: config.USAGE_MAX_DELIVER,
    ackWaitMs: config.USAGE_ACK_WAIT_MS,
  });
  const users = await startUserCreatedConsumer({ ...deps, names, maxDeliver: config.USAGE_MAX_DELIVER });
  // Lag and dead letters of the money path on credits' /metrics (docs/runbooks.md#creditsconsumerlag).
  observeJetStream(serviceMetrics('credits').registry, nc, {
    consumers: [
      { stream: names.usageStream, consumer: usageConsumerName(names, 'committed') },
      { stream: names.usageStream, consumer: usageConsumerName(names, 'released') },
      { stream: names.identityStream, consumer: names.userConsumer },
    ],
    deadLetters: [
      { stream: names.usageStream, subject: names.usageDeadLetter },
      { stream: names.noticesStream, subject: names.noticeDeadLetter },
    ],
  });
  const reserve = startReserveResponder({
    ...deps,
    names,
    guestDailyBudgetPerTool: config.GUEST_DAILY_BUDGET_PER_TOOL,
  });
  const releaseNow = startReleaseResponder({ ...deps, names });
  const leases = startReplicaLeases({ nc, namespace: config.NATS_NAMESPACE, logger, clock: deps.clock });
  const jobs =
    options.periodicJobs === false
      ? []
      : [
          startPeriodicJob({
            name: 'hold sweeper',
            intervalMs: config.SWEEP_INTERVAL_MS,
            logger,
            run: async () => {
              const expired = await sweepStaleHolds(deps, config.HOLD_TTL_MS);
              if (expired > 0) logger.warn({ expired }, 'expired stale holds and refunded them');
            },
          }),
          startPeriodicJob({
            name: 'lease sweeper',
            intervalMs: config.LEASE_SWEEP_INTERVAL_MS,
            logger,
            run: async () => {
              const expired = await expireLapsedLeases(deps, leases);
              if (expired > 0)
                logger.warn({ expired }, 'refunded the holds of calls whose replica fell silent (it died)');
            },
          }),
          startPeriodicJob({
            name: 'account job',
            intervalMs: config.ACCOUNT_JOB_INTERVAL_MS,
            logger,
            run: async () => {
              const updated = await applyDueAccountChanges(deps);
              if (updated > 0) logger.info({ updated }, 'applied monthly resets and plan changes');
              const expired = await expirePurchasedCredits(deps);
              if (expired > 0) logger.info({ expired }, 'expired purchased credits 12 months after purchase');
              await forgetEndedRedemptionWindows(deps.store, deps.clock.now());
            },
          }),
          startPeriodicJob({
            name: 'refund reconciler',
            intervalMs: config.ACCOUNT_JOB_INTERVAL_MS,
            logger,
            run: async () => {
              const settled = await reconcilePackRefunds(deps);
              if (settled > 0) logger.info({ settled }, 'settled pack refunds Paddle had not answered');
            },
          }),
        ];
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        await Promise.all(jobs.map((job) => job.stop()));
        await Promise.all([reserve.stop(), releaseNow.stop(), leases.stop()]);
        await Promise.all([usage.stop(), users.stop()]);
      })();
      return stopping;
    },
  };
}
