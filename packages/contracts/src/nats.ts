// NATS subjects, JetStream names and message schemas of the credits protocol (docs/architecture.md#credits).
import { z } from 'zod';
import { TimestampSchema } from './api/common';
import { ApiKeyChargeSchema } from './api/api-keys';
import { ErrorCodeSchema } from './errors';
import { ToolIdSchema } from './tools';

export interface NatsNames {
  /** Request/reply: a tool service asks credits to reserve a use. */
  reserve: string;
  /**
   * Request/reply: a tool service whose work failed asks credits to refund the hold now, before it answers the
   * member (the usage.released event stays the durable fallback). The reply carries the balance after the refund.
   */
  releaseNow: string;
  /** JetStream: the provider call succeeded; credits writes tool_usage. */
  usageCommitted: string;
  /** JetStream: the provider call failed; credits refunds the hold. */
  usageReleased: string;
  /** JetStream: events credits could not apply after retries (inside usage.>, so consumers filter on their subjects). */
  usageDeadLetter: string;
  /** JetStream: identity created an account; credits opens it with the free plan. */
  userCreated: string;
  /**
   * Core NATS, published by identity only: an access-token revocation (a session ended, or every token of a user
   * issued before an instant). The gateway and every service apply it to their revocation list at once. Outside
   * `identity.>` on purpose: the IDENTITY stream would capture it (and answer requests with its publish ack).
   */
  tokenRevoked: string;
  /** Request/reply, answered by identity only: the revocations still in force (a page of them), to sync a list. */
  tokenRevocations: string;
  /**
   * Core NATS, chat only: a member pressed Stop on a streamed reply. Every chat replica subscribes; the one holding
   * the reply's provider stream aborts it (a Stop may reach any replica through the gateway).
   */
  chatStop: string;
  /**
   * Core NATS: every tool-service replica announces itself (ReplicaLeaseSchema) every lease / 3; every credits
   * replica listens. Holds a replica took with a lease are refunded once it has been silent for its lease (it died).
   */
  chargeLeases: string;
  /**
   * JetStream, published by credits only (through its outbox, with the notice as message id): a member's usage
   * notice (80 % or 100 % of the month's allowance) was raised; identity e-mails it when mail is configured.
   */
  noticeRaised: string;
  /** JetStream: notice events identity could not apply after retries (inside the NOTICES stream's subjects). */
  noticeDeadLetter: string;
  /** JetStream, through each result-storing service's outbox (message id `created:<id>`): a result was stored. */
  creationCreated: string;
  /** JetStream, through the outbox (message id `deleted:<id>`): a result was deleted. */
  creationDeleted: string;
  /** What the library's consumer reads: `created` and `deleted` (one token: not the dead letters below). */
  creationEvents: string;
  /** JetStream: creation events the library could not apply (inside `creation.>`, outside `creation.*`). */
  creationDeadLetter: string;
  /**
   * Request/reply prefix: the library asks `<prefix>.<service>` (CreationDeleteRequestSchema) to delete a member's
   * result; one replica of the owning service answers (queue group `library-delete`).
   */
  creationDeletePrefix: string;
  /**
   * Request/reply: the library asks the chat service for one stored answer of a member's session
   * (ChatAnswerRequestSchema), for Send to under that answer; one chat replica answers (queue group `library-answer`).
   */
  chatAnswer: string;
  usageStream: string;
  identityStream: string;
  /** The library's stream of creation events (`creation.>`). */
  creationsStream: string;
  creationsStreamSubjects: string[];
  /** The library's durable consumer of the creations stream. */
  libraryConsumer: string;
  /** Queue group of each owning service's replicas answering library delete requests. */
  creationDeleteQueue: string;
  /** Queue group of the chat replicas answering the library's answer requests. */
  chatAnswerQueue: string;
  /** Credits' stream of usage notices (`credits.notice.>` only: credits.reserve and credits.release stay core NATS). */
  noticesStream: string;
  /** Subjects captured by each stream. */
  usageStreamSubjects: string[];
  identityStreamSubjects: string[];
  noticesStreamSubjects: string[];
  /** Queue group of the credits replicas answering reserve requests. */
  reserveQueue: string;
  usageConsumer: string;
  userConsumer: string;
  /** Identity's durable consumer of noticeRaised. */
  noticeConsumer: string;
  /** Queue group of the identity replicas answering revocation-list requests. */
  revocationsQueue: string;
  /**
   * Request/reply prefix of the member's data export (docs/architecture.md#data-export): identity asks
   * `<prefix>.<service>` (MemberExportRequestSchema) and one replica of that service answers with its part in chunks.
   */
  memberExportPrefix: string;
  /** Queue group of each service's replicas answering export requests. */
  memberExportQueue: string;
  /**
   * JetStream (IDENTITY stream), through identity's outbox in the transaction that marks the member deleted: every
   * service deletes the member's data (docs/architecture.md#member-deletion).
   */
  userDeleted: string;
  /** JetStream: deletions a service could not apply after retries (inside `identity.>`, outside user.*). */
  memberDeletionDeadLetter: string;
  /** Prefix of each service's durable consumer of userDeleted: `<prefix>-<service>`. */
  memberDeletionConsumerPrefix: string;
}

function sanitize(value: string): string {
  return value.trim().replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * Subject and stream names. Tests pass a namespace so parallel test files never share subjects or streams:
 * subjects become `${ns}.credits.reserve`, streams and consumers `${NS}_USAGE` (uppercase).
 */
export function natsNames(namespace?: string): NatsNames {
  const ns = namespace ? sanitize(namespace) : '';
  const subject = (s: string) => (ns ? `${ns}.${s}` : s);
  const name = (s: string) => (ns ? `${ns.toUpperCase()}_${s}` : s);
  return {
    reserve: subject('credits.reserve'),
    releaseNow: subject('credits.release'),
    usageCommitted: subject('usage.committed'),
    usageReleased: subject('usage.released'),
    usageDeadLetter: subject('usage.dead'),
    userCreated: subject('identity.user.created'),
    tokenRevoked: subject('auth.token.revoked'),
    tokenRevocations: subject('auth.token.revocations'),
    chatStop: subject('chat.stop'),
    chargeLeases: subject('credits.leases'),
    noticeRaised: subject('credits.notice.raised'),
    noticeDeadLetter: subject('credits.notice.dead'),
    creationCreated: subject('creation.created'),
    creationDeleted: subject('creation.deleted'),
    creationEvents: subject('creation.*'),
    creationDeadLetter: subject('creation.dead.library'),
    creationDeletePrefix: subject('library.delete'),
    chatAnswer: subject('library.answer.chat'),
    usageStream: name('USAGE'),
    identityStream: name('IDENTITY'),
    creationsStream: name('CREATIONS'),
    creationsStreamSubjects: [subject('creation.>')],
    libraryConsumer: name('library-creations'),
    creationDeleteQueue: name('library-delete'),
    chatAnswerQueue: name('library-answer'),
    noticesStream: name('NOTICES'),
    usageStreamSubjects: [subject('usage.>')],
    identityStreamSubjects: [subject('identity.>')],
    noticesStreamSubjects: [subject('credits.notice.>')],
    reserveQueue: name('credits'),
    usageConsumer: name('credits-usage'),
    userConsumer: name('credits-users'),
    noticeConsumer: name('identity-notices'),
    revocationsQueue: name('identity-revocations'),
    memberExportPrefix: subject('member.export'),
    memberExportQueue: name('member-export'),
    userDeleted: subject('identity.user.deleted'),
    memberDeletionDeadLetter: subject('identity.dead.member-deletion'),
    memberDeletionConsumerPrefix: name('member-deletion'),
  };
}

/**
 * The NATS header that carries the id of the HTTP request a message was sent for (the gateway's x-request-id), on
 * reserve and release requests and on usage events: credits logs it with what it does for them, so one id follows a
 * tool use from the gateway through the service into credits.
 */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * `credits.reserve` request. A member sends userId, a guest guestIp (exactly one of them). Both are optional in the
 * schema on purpose: a guest request whose IP is missing must still reach credits, which answers GUEST_IP_REQUIRED
 * with the spec's text instead of failing validation. A request with both is rejected here.
 */
export const ReserveRequestSchema = z
  .object({
    requestId: z.uuid(),
    userId: z.uuid().optional(),
    // An empty string counts as missing and also reaches credits (GUEST_IP_REQUIRED).
    guestIp: z.string().max(64).optional(),
    tool: ToolIdSchema,
    options: z
      .object({
        webSearch: z.boolean().optional(),
        followUp: z.boolean().optional(),
        /** Started minutes of audio for a tool priced per minute (dictation, at most the 5-minute audio cap). */
        minutes: z.number().int().min(1).max(60).optional(),
      })
      .optional(),
    /**
     * When the caller stops waiting for the reply. Credits refuses a request that reaches it later (after a stall)
     * rather than charging a call its caller already reported as failed. Clocks of the two hosts are assumed close
     * (NTP); a reserve that slips through anyway is met by the release the caller sends when it gives up.
     */
    deadline: TimestampSchema.optional(),
    /**
     * A synchronous call: the replica running it and its lease. Credits refunds the hold once that replica has not
     * announced itself (chargeLeases) for `ms`, so a call that died with its replica frees the credits in seconds,
     * not after the hold TTL. Durable work that another replica re-runs (voice jobs) sends none.
     */
    lease: z
      .object({ replica: z.string().min(1).max(100), ms: z.number().int().min(100).max(600_000) })
      .optional(),
    /**
     * The member's personal API key the call was made with: named on the hold, the ledger and the usage row, and
     * its monthly limit tested inside the charge (docs/product-rules.md#personal-api-keys). Members only.
     */
    apiKey: ApiKeyChargeSchema.optional(),
  })
  .refine((r) => !(r.userId && r.guestIp), { message: 'Send either userId or guestIp, not both' })
  .refine((r) => !r.apiKey || r.userId, { message: 'An API key charges a member' });
export type ReserveRequest = z.infer<typeof ReserveRequestSchema>;

export const ReserveReplySchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    cost: z.number().int().nonnegative(),
    /** null for guests, who have no balance. */
    remainingCredits: z.number().int().nonnegative().nullable(),
  }),
  z.object({
    ok: z.literal(false),
    code: ErrorCodeSchema,
    message: z.string(),
    needsSignup: z.boolean().optional(),
  }),
]);
export type ReserveReply = z.infer<typeof ReserveReplySchema>;

/** `credits.leases`: a tool-service replica is alive and keeps the leases of the holds it took for `leaseMs`. */
export const ReplicaLeaseSchema = z.object({
  replica: z.string().min(1).max(100),
  leaseMs: z.number().int().min(100).max(600_000),
});
export type ReplicaLease = z.infer<typeof ReplicaLeaseSchema>;

/** Reply to `credits.release`: the refund is applied (or was before); the balance after it, null for guests. */
export const ReleaseNowReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), remainingCredits: z.number().int().nonnegative().nullable() }),
  z.object({ ok: z.literal(false) }),
]);
export type ReleaseNowReply = z.infer<typeof ReleaseNowReplySchema>;

/** Body of `usage.committed` and `usage.released` (and of `credits.release`); requestId ties it to the hold. */
export const UsageEventSchema = z.object({
  requestId: z.uuid(),
  tool: ToolIdSchema,
  userId: z.uuid().optional(),
  guestIp: z.string().min(1).max(64).optional(),
  at: TimestampSchema,
});
export type UsageEvent = z.infer<typeof UsageEventSchema>;

/** Body of `chatStop`: the reply's id (the `start` event's messageId) and its owner, checked by the sender. */
export const ChatStopEventSchema = z.object({ messageId: z.uuid(), userId: z.uuid() });
export type ChatStopEvent = z.infer<typeof ChatStopEventSchema>;

export const UserCreatedEventSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  createdAt: TimestampSchema,
});
export type UserCreatedEvent = z.infer<typeof UserCreatedEventSchema>;

/** Body of `userDeleted` (message id `deleted:<userId>`): no e-mail, the account no longer has one. */
export const UserDeletedEventSchema = z.object({ userId: z.uuid(), deletedAt: TimestampSchema });
export type UserDeletedEvent = z.infer<typeof UserDeletedEventSchema>;

/**
 * Body of `noticeRaised`: the member's notice (its id in credits), the threshold crossed, the monthly period it
 * belongs to, and the allowance and credits spent this period when it was raised.
 */
export const NoticeRaisedEventSchema = z.object({
  noticeId: z.string().regex(/^[0-9]+$/),
  userId: z.uuid(),
  threshold: z.union([z.literal(80), z.literal(100)]),
  periodStart: TimestampSchema,
  allowance: z.number().int().positive(),
  spent: z.number().int().nonnegative(),
});
export type NoticeRaisedEvent = z.infer<typeof NoticeRaisedEventSchema>;

/**
 * An access-token revocation, as identity publishes it on `tokenRevoked` and lists it on `tokenRevocations`:
 * - `session`: every token carrying this session family id (`sid` claim) — sign-out, a reused refresh token;
 * - `user`: every token of the user issued (`iat`) before `notBefore` — password change or reset, email claimed.
 * `expiresAt` is when the entry stops mattering: no token it revokes can still be unexpired by then (identity adds
 * its access-token lifetime), so holders drop it at that instant.
 */
export const TokenRevocationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('session'),
    sid: z.uuid(),
    expiresAt: TimestampSchema,
  }),
  z.object({
    kind: z.literal('user'),
    userId: z.uuid(),
    notBefore: TimestampSchema,
    expiresAt: TimestampSchema,
  }),
]);
export type TokenRevocation = z.infer<typeof TokenRevocationSchema>;

/** `tokenRevocations` request: pages follow each other by `after`, the `next` of the previous reply. */
export const TokenRevocationsRequestSchema = z.object({ after: z.string().max(200).optional() });
export type TokenRevocationsRequest = z.infer<typeof TokenRevocationsRequestSchema>;

export const TokenRevocationsReplySchema = z.object({
  revocations: z.array(TokenRevocationSchema),
  /** Present when more entries follow: send it as `after` to get them. */
  next: z.string().max(200).optional(),
});
export type TokenRevocationsReply = z.infer<typeof TokenRevocationsReplySchema>;

/** The services that hold a part of a member's data export (the `<service>` of `member.export.<service>`). */
export const MEMBER_EXPORT_SERVICES = ['credits', 'chat', 'prompt', 'image', 'voice', 'youtube'] as const;
export type MemberExportService = (typeof MEMBER_EXPORT_SERVICES)[number];

/** `member.export.<service>` request: the member whose data is exported, and the export it is for (logs). */
export const MemberExportRequestSchema = z.object({ exportId: z.uuid(), userId: z.uuid() });
export type MemberExportRequest = z.infer<typeof MemberExportRequestSchema>;

/**
 * A service's part of the export. `documents` are JSON files written into the zip at their path; `files` are stored
 * objects (images, audio) the exporter streams from the object store into the zip at their path, so no file's bytes
 * travel over NATS. The part is sent as JSON text cut into chunks (each message under NATS's payload limit), ended by
 * an empty message (service-kit member-export.ts).
 */
export const MemberExportPartSchema = z.object({
  documents: z.array(z.object({ path: z.string().min(1).max(300), data: z.unknown() })),
  files: z.array(z.object({ path: z.string().min(1).max(300), key: z.string().min(1).max(500) })),
});
export type MemberExportPart = z.infer<typeof MemberExportPartSchema>;
