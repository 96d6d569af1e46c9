// Answers `credits.reserve` requests. Every replica subscribes in the same queue group, so NATS hands each request to
// exactly one of them. A reply is always sent, even for a malformed request, so callers never wait for a timeout.
// A request past its deadline (credits was stalled; the caller has given up and released) is refused uncharged.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { ReserveRequestSchema, type NatsNames, type ReserveReply } from '@act/contracts/server';
import { isDatabaseUnavailable, type Logger, type NatsConnection } from '@act/service-kit';
import { createReserver, type ReserveDeps, type Reserver } from '../domain/reserve';
import { startQueueResponder, type MessageMeta, type QueueResponder } from './queue-responder';

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
