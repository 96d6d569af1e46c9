// The credits protocol as every tool service uses it: reserve over NATS request/reply, then report the outcome as a
// JetStream event (awaited ack, message id `<requestId>:<outcome>` so the server drops duplicates), and
// runChargedTool, which wraps one charged tool use: reserve → work → commit, or release on any failure.
import { randomUUID } from 'node:crypto';
import {
  ERROR_TEXTS,
  ErrorCode,
  ReserveReplySchema,
  natsNames,
  type ReserveReply,
  type ReserveRequest,
  type ToolCostOptions,
  type ToolId,
  type UsageEvent,
} from '@act/contracts';
import type { NatsConnection } from 'nats';
import { AppError } from './errors';
import { isWorkTimeout } from './work-pool';

export interface CreditsClientOptions {
  nc: NatsConnection;
  /** NATS_NAMESPACE of the deployment (tests use a random one). */
  namespace?: string;
  /** How long to wait for the reserve reply. */
  timeoutMs?: number;
}

export interface CreditsClient {
  reserve(request: ReserveRequest): Promise<ReserveReply>;
  /** The tool use succeeded: credits records it in tool_usage. */
  commit(event: UsageEvent): Promise<void>;
  /** The tool use failed: credits refunds the hold. */
  release(event: UsageEvent): Promise<void>;
}

const PUBLISH_ATTEMPTS = 3;
const PUBLISH_RETRY_MS = 200;

export function createCreditsClient({
  nc,
  namespace,
  timeoutMs = 5_000,
}: CreditsClientOptions): CreditsClient {
  const names = natsNames(namespace);
  const js = nc.jetstream();

  // Retrying is safe: the message id makes JetStream keep one copy, and credits applies each event once anyway.
  const publish = async (subject: string, outcome: 'committed' | 'released', event: UsageEvent) => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= PUBLISH_ATTEMPTS; attempt += 1) {
      try {
        await js.publish(subject, JSON.stringify(event), { msgID: `${event.requestId}:${outcome}` });
        return;
      } catch (error) {
        lastError = error;
        if (attempt < PUBLISH_ATTEMPTS)
          await new Promise((resolve) => setTimeout(resolve, PUBLISH_RETRY_MS * attempt));
      }
    }
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
      cause: lastError,
    });
  };

  return {
    async reserve(request) {
      let data: Uint8Array;
      try {
        const reply = await nc.request(names.reserve, JSON.stringify(request), { timeout: timeoutMs });
        data = reply.data;
      } catch (error) {
        throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, ERROR_TEXTS.server.serviceUnavailable, {
          cause: error,
        });
      }
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(data));
      } catch (error) {
        throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: error });
      }
      const parsed = ReserveReplySchema.safeParse(body);
      if (!parsed.success) {
        throw new AppError(ErrorCode.INTERNAL, ERROR_TEXTS.generic.unexpected, { cause: parsed.error });
      }
      return parsed.data;
    },
    commit: (event) => publish(names.usageCommitted, 'committed', event),
    release: (event) => publish(names.usageReleased, 'released', event),
  };
}

export interface ChargedToolInput {
  credits: CreditsClient;
  tool: ToolId;
  /** The member; omit for a guest. */
  userId?: string;
  /** The guest's IP (from x-client-ip); required when there is no userId. */
  guestIp?: string;
  options?: ToolCostOptions;
}

export interface ChargedToolResult<T> {
  result: T;
  /** The balance after this use; null for guests. */
  remainingCredits: number | null;
}

/** An AppError for a refused reserve, with the needsSignup flag the browser looks for on a spent guest trial. */
export function reserveRefusal(reply: Extract<ReserveReply, { ok: false }>): AppError {
  return new AppError(reply.code, reply.message, reply.needsSignup ? { details: { needsSignup: true } } : {});
}

/**
 * Runs one charged tool use. The credits are held before `work` starts; if `work` throws, the hold is released (a
 * failed generation costs nothing) and the error is rethrown; if it succeeds, the use is committed. One exception: a
 * guest's free hold is committed when the work ran out of its time budget (see isWorkTimeout).
 */
export async function runChargedTool<T>(
  { credits, tool, userId, guestIp, options }: ChargedToolInput,
  work: () => Promise<T>,
): Promise<ChargedToolResult<T>> {
  const requestId = randomUUID();
  const request: ReserveRequest = {
    requestId,
    tool,
    ...(userId ? { userId } : { guestIp }),
    ...(options ? { options } : {}),
  };
  const event = (): UsageEvent => ({
    requestId,
    tool,
    ...(userId ? { userId } : { guestIp }),
    at: new Date().toISOString(),
  });

  let reply: ReserveReply;
  try {
    reply = await credits.reserve(request);
  } catch (error) {
    // The reserve may have landed even though its reply did not: release it now instead of waiting for the sweeper.
    await credits.release(event()).catch(() => undefined);
    throw error;
  }
  if (!reply.ok) throw reserveRefusal(reply);

  let result: T;
  try {
    result = await work();
  } catch (error) {
    // A guest whose work ran until its time budget was cancelled has used the free try: releasing it would let one
    // visitor keep the local workers busy for nothing, call after call. Members are never charged for a failure.
    if (!userId && isWorkTimeout(error)) {
      await credits.commit(event()).catch(() => undefined);
      throw error;
    }
    // If even the release cannot be published, the sweeper refunds the hold after its TTL.
    await credits.release(event()).catch(() => undefined);
    throw error;
  }
  await credits.commit(event());
  return { result, remainingCredits: reply.remainingCredits };
}
