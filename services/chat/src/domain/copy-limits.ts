// Bounds on the free copies of a session (docs/product-rules.md#shared-chats, #fuse): a share link stores a snapshot
// of the session and a continued comparison a new session with its messages, neither costs credits, so without a
// bound one member fills the chat database for free. Each kind is bounded twice (LIMITS.chatCopies): per member per
// hour, by the kit's rate limiter (Redis when REDIS_URL is set, shared by every replica), and per session per day
// (UTC), counted in PostgreSQL so concurrent calls cannot pass it. Either refusal is a 429 with its own words that
// makes nothing; a copy that fails after its count gives the count back.
import { ERROR_TEXTS, ErrorCode, LIMITS } from '@act/contracts';
import {
  AppError,
  consumeOrRefuse,
  type RateLimiterAbstract,
  type RateLimitStore,
  type Sql,
} from '@act/service-kit';
import { createSessionCopies, type CopyKind } from '../db/session-copies';

const HOUR_SECONDS = 3600;

const TEXTS: Record<CopyKind, { rate: string; daily: string }> = {
  share: { rate: ERROR_TEXTS.chat.shareRateLimited, daily: ERROR_TEXTS.chat.shareDailyCap },
  continue: { rate: ERROR_TEXTS.chat.continueRateLimited, daily: ERROR_TEXTS.chat.continueDailyCap },
};

/** Whole seconds until the next UTC midnight, when the session's count starts again. */
function secondsToNextUtcDay(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export interface CopyLimits {
  /**
   * Makes one copy (`make`) of the member's session within the bounds: the member's hourly rate first, then the
   * session's count of today. Another member's or an unknown session answers 404 like one, counting nothing.
   */
  copy<T>(userId: string, sessionId: string, kind: CopyKind, make: () => Promise<T>): Promise<T>;
}

export function createCopyLimits({ sql, rateLimits }: { sql: Sql; rateLimits: RateLimitStore }): CopyLimits {
  const { perSessionPerDay, perMemberPerHour } = LIMITS.chatCopies;
  const rule = { points: perMemberPerHour, durationSeconds: HOUR_SECONDS };
  const perMember: Record<CopyKind, RateLimiterAbstract> = {
    share: rateLimits.limiter('chat:copies:share', rule),
    continue: rateLimits.limiter('chat:copies:continue', rule),
  };
  const counts = createSessionCopies(sql);

  return {
    async copy(userId, sessionId, kind, make) {
      await consumeOrRefuse(perMember[kind], userId, TEXTS[kind].rate);
      const taken = await counts.take(userId, sessionId, kind, perSessionPerDay);
      if (taken.outcome === 'unknown') throw new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
      if (taken.outcome === 'capped') {
        throw new AppError(ErrorCode.RATE_LIMITED, TEXTS[kind].daily, {
          headers: { 'Retry-After': String(secondsToNextUtcDay()) },
        });
      }
      try {
        return await make();
      } catch (error) {
        await counts.giveBack(sessionId, kind, taken.day);
        throw error;
      }
    },
  };
}
