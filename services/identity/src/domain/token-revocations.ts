// Access-token revocations, identity's side. Identity records them durably (revoked session families, a user's
// tokens_not_before) and, once the transaction has committed, applies them to its own list and publishes them on
// NATS, where the gateway and every service apply them at once. It also answers the list of those still in force,
// so a gateway or service (or another identity replica) that starts or reconnects catches up.
// An entry matters for one access-token lifetime: every token it covers was issued before the revocation, so all
// have expired by then. CLOCK_ALLOWANCE_MS covers the database and identity clocks not agreeing exactly.
import {
  natsNames,
  TokenRevocationsRequestSchema,
  type TokenRevocation,
  type TokenRevocationsReply,
} from '@act/contracts/server';
import type { Logger, NatsConnection, RevocationList } from '@act/service-kit';
import type { IdentityQueries } from '../db/identity-store';
import type { RevocationCursor } from '../db/token-revocations';

const CLOCK_ALLOWANCE_MS = 30_000;
/** Entries per list reply: ~150 bytes each, far below NATS's 1 MB message limit. */
const PAGE_SIZE = 1_000;

export interface TokenRevocations {
  /** This replica's own list, which its verifier consults. */
  list: RevocationList;
  /** A session family was revoked (sign-out, a reused refresh token). Call after the transaction commits. */
  sessionEnded(familyId: string): void;
  /** Every token of the user issued before `notBefore` is revoked (password change or reset, claimed address). */
  userCutOff(userId: string, notBefore: Date): void;
}

export interface TokenRevocationOptions {
  nc: NatsConnection;
  namespace?: string;
  list: RevocationList;
  accessTokenTtlSeconds: number;
  logger: Logger;
}

export function createTokenRevocations(options: TokenRevocationOptions): TokenRevocations {
  const { nc, list, logger } = options;
  const subject = natsNames(options.namespace).tokenRevoked;
  const lifetimeMs = options.accessTokenTtlSeconds * 1000 + CLOCK_ALLOWANCE_MS;
  const announce = (revocation: TokenRevocation) => {
    list.apply(revocation);
    try {
      // Core NATS: buffered by the client while it reconnects; whoever misses it gets it from the list.
      nc.publish(subject, JSON.stringify(revocation));
    } catch (error) {
      logger.warn({ err: error }, 'could not publish a token revocation; it stays in the revocation list');
    }
  };
  return {
    list,
    sessionEnded(familyId) {
      announce({
        kind: 'session',
        sid: familyId,
        expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
      });
    },
    userCutOff(userId, notBefore) {
      announce({
        kind: 'user',
        userId,
        notBefore: notBefore.toISOString(),
        expiresAt: new Date(notBefore.getTime() + lifetimeMs).toISOString(),
      });
    },
  };
}

function encodeCursor(cursor: RevocationCursor): string {
  return `${cursor.at.toISOString()}|${cursor.kind}|${cursor.id}`;
}

function decodeCursor(value: string | undefined): RevocationCursor | undefined {
  const [at, kind, id] = value?.split('|') ?? [];
  const date = new Date(at ?? '');
  return at && kind && id && !Number.isNaN(date.getTime()) ? { at: date, kind, id } : undefined;
}

/** Answers `tokenRevocations` (in a queue group: one identity replica answers each request), page by page. */
export function answerRevocationLists(options: {
  nc: NatsConnection;
  namespace?: string;
  store: IdentityQueries;
  accessTokenTtlSeconds: number;
  logger: Logger;
}): { stop(): void } {
  const names = natsNames(options.namespace);
  const lifetimeMs = options.accessTokenTtlSeconds * 1000 + CLOCK_ALLOWANCE_MS;
  const subscription = options.nc.subscribe(names.tokenRevocations, {
    queue: names.revocationsQueue,
    callback: (error, message) => {
      if (error) {
        options.logger.warn({ err: error }, 'revocation list subscription failed');
        return;
      }
      void (async () => {
        let request: unknown;
        try {
          request = message.json();
        } catch {
          request = {};
        }
        const parsed = TokenRevocationsRequestSchema.safeParse(request);
        const rows = await options.store.listRevocations({
          since: new Date(Date.now() - lifetimeMs),
          after: decodeCursor(parsed.success ? parsed.data.after : undefined),
          limit: PAGE_SIZE + 1,
        });
        const page = rows.slice(0, PAGE_SIZE);
        const reply: TokenRevocationsReply = {
          revocations: page.map((row): TokenRevocation => {
            const expiresAt = new Date(row.at.getTime() + lifetimeMs).toISOString();
            return row.kind === 'session'
              ? { kind: 'session', sid: row.id, expiresAt }
              : { kind: 'user', userId: row.id, notBefore: row.at.toISOString(), expiresAt };
          }),
          ...(rows.length > PAGE_SIZE ? { next: encodeCursor(page[page.length - 1]!) } : {}),
        };
        message.respond(JSON.stringify(reply));
      })().catch((failure: unknown) => {
        // No answer: the asking side times out and tries again later.
        options.logger.error({ err: failure }, 'could not answer a revocation list request');
      });
    },
  });
  return {
    stop() {
      if (!subscription.isClosed()) subscription.unsubscribe();
    },
  };
}
