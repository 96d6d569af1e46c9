// Answers `credits.release`: a tool service whose work failed asks for its hold to be refunded now, so the member's
// failed reply already shows the refunded balance and concurrent calls never see held credits as spent. Applies the
// same release as the usage.released event (same event id), so whichever of the two arrives second changes nothing.
import { UsageEventSchema, type NatsNames, type ReleaseNowReply } from '@act/contracts/server';
import type { Logger, NatsConnection } from '@act/service-kit';
import { applyUsageEvent, type UsageEventDeps } from '../domain/usage-events';
import { startQueueResponder, type QueueResponder } from './queue-responder';

export interface ReleaseResponderOptions extends UsageEventDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
}

export function startReleaseResponder(options: ReleaseResponderOptions): QueueResponder {
  const { nc, names, logger } = options;
  return startQueueResponder({
    nc,
    subject: names.releaseNow,
    queue: names.reserveQueue,
    logger,
    async answer(data, meta): Promise<ReleaseNowReply> {
      try {
        const event = UsageEventSchema.parse(JSON.parse(new TextDecoder().decode(data)));
        await applyUsageEvent(options, 'released', event);
        logger.info(
          { ...meta, chargeId: event.requestId, tool: event.tool, outcome: 'released' },
          'release now',
        );
        const account = event.userId ? await options.store.findAccount(event.userId) : undefined;
        return { ok: true, remainingCredits: account ? account.credits : null };
      } catch (error) {
        // The caller falls back to the usage.released event, which credits applies when it can.
        logger.warn({ ...meta, err: error }, 'immediate release failed');
        return { ok: false };
      }
    },
  });
}
