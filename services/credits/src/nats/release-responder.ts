// Answers `credits.release`: a tool service whose work failed asks for its hold to be refunded now, so the member's
// failed reply already shows the refunded balance and concurrent calls never see held credits as spent. Applies the
// same release as the usage.released event (same event id), so whichever of the two arrives second changes nothing.
import { UsageEventSchema, type NatsNames, type ReleaseNowReply } from '@act/contracts/server';
import type { Logger, NatsConnection } from '@act/service-kit';
import type { Msg, Subscription } from 'nats';
import { findAccount } from '../db/accounts';
import { applyUsageEvent, type UsageEventDeps } from '../domain/usage-events';

export interface ReleaseResponderOptions extends UsageEventDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
}

export interface ReleaseResponder {
  stop(): Promise<void>;
}

export function startReleaseResponder(options: ReleaseResponderOptions): ReleaseResponder {
  const { nc, names, logger } = options;
  const inFlight = new Set<Promise<void>>();

  const answer = async (message: Msg): Promise<void> => {
    let reply: ReleaseNowReply;
    try {
      const event = UsageEventSchema.parse(JSON.parse(new TextDecoder().decode(message.data)));
      await applyUsageEvent(options, 'released', event);
      const account = event.userId ? await findAccount(options.sql, event.userId) : undefined;
      reply = { ok: true, remainingCredits: account ? account.credits : null };
    } catch (error) {
      // The caller falls back to the usage.released event, which credits applies when it can.
      logger.warn({ err: error }, 'immediate release failed');
      reply = { ok: false };
    }
    message.respond(JSON.stringify(reply));
  };

  const subscription: Subscription = nc.subscribe(names.releaseNow, {
    queue: names.reserveQueue,
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error }, 'release subscription error');
        return;
      }
      const task = answer(message).finally(() => inFlight.delete(task));
      inFlight.add(task);
    },
  });

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= subscription.drain().then(() => Promise.all(inFlight).then(() => undefined));
      return stopping;
    },
  };
}
