// Consumes usage.committed and usage.released from the USAGE stream with durable consumers (one per subject, which
// also works on NATS servers without multi-subject filters) and applies each event once.
import { UsageEventSchema, type NatsNames } from '@act/contracts/server';
import type { Logger, NatsConnection } from '@act/service-kit';
import type { JsMsg } from 'nats';
import { applyUsageEvents, type UsageEventDeps, type UsageOutcome } from '../domain/usage-events';
import { ensureDurableConsumer } from './streams';
import { messageMeta } from './queue-responder';
import { PoisonMessageError, startDurableWorker, type DurableWorker } from './durable-worker';

export interface UsageConsumerOptions extends UsageEventDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
  maxDeliver: number;
  ackWaitMs?: number;
}

export interface UsageConsumer {
  stop(): Promise<void>;
}

export function usageConsumerName(names: NatsNames, outcome: UsageOutcome): string {
  return `${names.usageConsumer}-${outcome}`;
}

export async function startUsageConsumer(options: UsageConsumerOptions): Promise<UsageConsumer> {
  const { nc, names, logger } = options;
  const jsm = await nc.jetstreamManager();
  const subjects: Record<UsageOutcome, string> = {
    committed: names.usageCommitted,
    released: names.usageReleased,
  };
  const workers: DurableWorker[] = [];
  for (const outcome of ['committed', 'released'] as const) {
    const consumer = usageConsumerName(names, outcome);
    await ensureDurableConsumer(jsm, {
      stream: names.usageStream,
      name: consumer,
      filterSubject: subjects[outcome],
      maxDeliver: options.maxDeliver,
      ackWaitMs: options.ackWaitMs ?? 30_000,
    });
    workers.push(
      await startDurableWorker({
        nc,
        logger,
        stream: names.usageStream,
        consumer,
        maxDeliver: options.maxDeliver,
        deadLetterSubject: names.usageDeadLetter,
        handle: (message) => handleUsageMessages(options, outcome, [message]),
        handleBatch: (messages) => handleUsageMessages(options, outcome, messages),
      }),
    );
  }
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}

async function handleUsageMessages(options: UsageConsumerOptions, outcome: UsageOutcome, messages: JsMsg[]) {
  const events = messages.map((message) => {
    const parsed = UsageEventSchema.safeParse(parseJson(message.data));
    if (!parsed.success)
      throw new PoisonMessageError(`invalid usage event: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  });
  const results = await applyUsageEvents(options, outcome, events);
  results.forEach((result, i) => {
    const event = events[i]!;
    // Under the id of the HTTP request the event was sent for (its REQUEST_ID_HEADER), like the service's lines.
    const meta = {
      ...messageMeta(messages[i]!.headers),
      chargeId: event.requestId,
      tool: event.tool,
      outcome,
    };
    if (result.fresh && !result.applied) {
      // Not an error to retry: the hold is gone, already settled, or expired by the sweeper (refunded, never
      // charged again).
      options.logger.warn(
        { ...meta, holdStatus: result.priorStatus ?? 'missing' },
        'usage event did not change a hold',
      );
    } else if (result.applied) {
      options.logger.info(meta, 'usage event applied');
    }
  });
}

function parseJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    return undefined;
  }
}
