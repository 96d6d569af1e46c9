// Charges in credits (docs/architecture.md#credits), the other side of the tool services' charges
// (packages/service-kit/src/charges.ts): the NATS edges first, then the rules they apply; workers.ts starts the edges.
// The edges: the `credits.reserve` and `credits.release` responders and the USAGE consumers that apply
// usage.committed and usage.released.
// Reserving (the rules `credits.reserve` applies) is reserve.ts.
// Applying outcomes (usage-outcomes.ts): committed → a tool_usage row, released → refund. Each event is applied at
// most once: its id is recorded with the change, and a hold only ever leaves `held` once, so a commit or release
// arriving after the sweeper expired the hold neither charges again nor refunds twice.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import {
  REQUEST_ID_HEADER,
  ReserveRequestSchema,
  UsageEventSchema,
  type NatsNames,
  type ReleaseNowReply,
  type ReserveReply,
} from '@act/contracts/server';
import {
  type DurableWorker,
  ensureDurableConsumer,
  isDatabaseUnavailable,
  jetstreamManager,
  type JsMsg,
  processSpan,
  type Logger,
  type NatsConnection,
  parseEvent,
  startDurableWorker,
  type Subscription,
} from '@act/service-kit';
import { createReserver, type ReserveDeps, type Reserver } from './reserve';
import { applyUsageEvent, applyUsageEvents, type UsageEventDeps, type UsageOutcome } from './usage-outcomes';

export {
  applyUsageEvent,
  applyUsageEvents,
  usageEventId,
  type UsageEventDeps,
  type UsageOutcome,
} from './usage-outcomes';

// Answers `credits.reserve` requests. Every replica subscribes in the same queue group, so NATS hands each request to
// exactly one of them. A reply is always sent, even for a malformed request, so callers never wait for a timeout.
// A request past its deadline (credits was stalled; the caller has given up and released) is refused uncharged.
export interface ReserveResponderOptions extends ReserveDeps {
  nc: NatsConnection;
  names: NatsNames;
  logger: Logger;
}

export function startReserveResponder(options: ReserveResponderOptions): QueueResponder {
  const { nc, names, logger } = options;
  const reserver = createReserver(options);
  return startQueueResponder({
    nc,
    subject: names.reserve,
    queue: names.reserveQueue,
    logger,
    answer: async (data, meta) => {
      const { reply, chargeId, tool } = await handleReserve(reserver, data, logger, meta);
      // One line per reserve, under the HTTP request's id: a tool use is followed from the gateway to here.
      logger.info(
        {
          ...meta,
          chargeId,
          tool,
          ...(reply.ok ? { outcome: 'reserved' } : { outcome: 'refused', code: reply.code }),
        },
        'reserve',
      );
      return reply;
    },
  });
}

/**
 * Nothing held, try again soon: a reserve whose caller has stopped waiting (charging it would bill a call that
 * already failed), or the credits database down or restarting (a passing state, so 503 rather than a failure).
 */
const unavailable: ReserveReply = {
  ok: false,
  code: ErrorCode.SERVICE_UNAVAILABLE,
  message: ERROR_TEXTS.server.serviceUnavailable,
};

interface HandledReserve {
  reply: ReserveReply;
  chargeId?: string;
  tool?: string;
}

async function handleReserve(
  reserver: Reserver,
  data: Uint8Array,
  logger: Logger,
  meta: MessageMeta,
): Promise<HandledReserve> {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(data));
  } catch {
    return {
      reply: { ok: false, code: ErrorCode.VALIDATION_FAILED, message: ERROR_TEXTS.validation.invalidRequest },
    };
  }
  const parsed = ReserveRequestSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      reply: {
        ok: false,
        code: ErrorCode.VALIDATION_FAILED,
        message: parsed.error.issues[0]?.message ?? ERROR_TEXTS.validation.invalidRequest,
      },
    };
  }
  const handled = { chargeId: parsed.data.requestId, tool: parsed.data.tool };
  const { deadline } = parsed.data;
  // Wall-clock time, like the caller's deadline (the injectable business clock is for resets and plan changes).
  if (deadline && Date.parse(deadline) <= Date.now()) {
    logger.warn(
      { ...meta, chargeId: handled.chargeId, deadline },
      'reserve arrived after its deadline; refused',
    );
    return { ...handled, reply: unavailable };
  }
  try {
    return { ...handled, reply: await reserver.reserve(parsed.data) };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      // The caller answers 503 with Retry-After. A hold whose commit the outage cut off (rare) is refunded by the
      // sweeper after its TTL, as any hold of a call that failed.
      logger.warn(
        { ...meta, err: error, chargeId: handled.chargeId },
        'reserve refused: database unavailable',
      );
      return { ...handled, reply: unavailable };
    }
    logger.error({ ...meta, err: error, chargeId: handled.chargeId }, 'reserve failed');
    return {
      ...handled,
      reply: { ok: false, code: ErrorCode.INTERNAL, message: ERROR_TEXTS.toolUse.failedToUpdateCredits },
    };
  }
}

// Answers `credits.release`: a tool service whose work failed asks for its hold to be refunded now, so the member's
// failed reply already shows the refunded balance and concurrent calls never see held credits as spent. Applies the
// same release as the usage.released event (same event id), so whichever of the two arrives second changes nothing.
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

// Consumes usage.committed and usage.released from the USAGE stream with durable consumers (one per subject, which
// also works on NATS servers without multi-subject filters) and applies each event once.
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
  const jsm = await jetstreamManager(nc);
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
  const events = messages.map((message) => parseEvent(message, UsageEventSchema, 'usage event'));
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

// One request/reply subject answered in credits' queue group: NATS hands each request to exactly one replica. Every
// request gets the reply its handler returns (handlers never throw), and stop() drains: no new requests, and the ones
// already delivered finish and reply. The handler gets the id of the HTTP request the message was sent for (the
// REQUEST_ID_HEADER the credits client sets), for its logs.
export interface QueueResponder {
  stop(): Promise<void>;
}

export interface QueueResponderOptions {
  nc: NatsConnection;
  subject: string;
  queue: string;
  logger: Logger;
  /** Turns one request's bytes into its reply; must not throw. */
  answer(data: Uint8Array, meta: MessageMeta): Promise<unknown>;
}

export interface MessageMeta {
  /** The id of the HTTP request this message was sent for (gateway → service → here), when it says. */
  requestId?: string;
}

/** The request id a message carries in its REQUEST_ID_HEADER, if any. */
export function messageMeta(headers: { get(name: string): string } | undefined): MessageMeta {
  const requestId = headers?.get(REQUEST_ID_HEADER);
  return requestId ? { requestId } : {};
}

export function startQueueResponder({
  nc,
  subject,
  queue,
  logger,
  answer,
}: QueueResponderOptions): QueueResponder {
  const inFlight = new Set<Promise<void>>();
  const subscription: Subscription = nc.subscribe(subject, {
    queue,
    callback: (error, message) => {
      if (error) {
        logger.error({ err: error, subject }, 'responder subscription error');
        return;
      }
      // In the caller's trace: the reserve's spans (its queries) are descendants of the tool service's request.
      const task = processSpan(subject, message.headers, () =>
        answer(message.data, messageMeta(message.headers)),
      )
        .then((reply) => {
          message.respond(JSON.stringify(reply));
        })
        .finally(() => inFlight.delete(task));
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
