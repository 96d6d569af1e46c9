import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { natsNames, ReserveReplySchema, ReserveRequestSchema, UsageEventSchema } from './nats';

const requestId = '0b8f2c1e-6d4a-4f7b-9c3e-2a1d5e6f7a8b';
const userId = '4c2a9e7b-1f3d-4a6c-8b5e-9d0f1a2b3c4d';

describe('natsNames', () => {
  it('uses the plain names without a namespace', () => {
    expect(natsNames()).toEqual({
      reserve: 'credits.reserve',
      releaseNow: 'credits.release',
      usageCommitted: 'usage.committed',
      usageReleased: 'usage.released',
      usageDeadLetter: 'usage.dead',
      userCreated: 'identity.user.created',
      tokenRevoked: 'auth.token.revoked',
      tokenRevocations: 'auth.token.revocations',
      chatStop: 'chat.stop',
      chargeLeases: 'credits.leases',
      noticeRaised: 'credits.notice.raised',
      noticeDeadLetter: 'credits.notice.dead',
      creationCreated: 'creation.created',
      creationDeleted: 'creation.deleted',
      creationEvents: 'creation.*',
      creationDeadLetter: 'creation.dead.library',
      creationDeletePrefix: 'library.delete',
      chatAnswer: 'library.answer.chat',
      usageStream: 'USAGE',
      identityStream: 'IDENTITY',
      creationsStream: 'CREATIONS',
      creationsStreamSubjects: ['creation.>'],
      libraryConsumer: 'library-creations',
      creationDeleteQueue: 'library-delete',
      chatAnswerQueue: 'library-answer',
      noticesStream: 'NOTICES',
      usageStreamSubjects: ['usage.>'],
      identityStreamSubjects: ['identity.>'],
      noticesStreamSubjects: ['credits.notice.>'],
      reserveQueue: 'credits',
      usageConsumer: 'credits-usage',
      userConsumer: 'credits-users',
      noticeConsumer: 'identity-notices',
      revocationsQueue: 'identity-revocations',
      memberExportPrefix: 'member.export',
      memberExportQueue: 'member-export',
      userDeleted: 'identity.user.deleted',
      memberDeletionDeadLetter: 'identity.dead.member-deletion',
      memberDeletionConsumerPrefix: 'member-deletion',
    });
    expect(natsNames('')).toEqual(natsNames());
  });

  it('prefixes subjects and upper-cases stream and consumer names under a namespace', () => {
    const names = natsNames('t1');
    expect(names.reserve).toBe('t1.credits.reserve');
    expect(names.usageCommitted).toBe('t1.usage.committed');
    expect(names.userCreated).toBe('t1.identity.user.created');
    expect(names.chatStop).toBe('t1.chat.stop');
    expect(names.usageStream).toBe('T1_USAGE');
    expect(names.identityStream).toBe('T1_IDENTITY');
    expect(names.usageConsumer).toBe('T1_credits-usage');
    expect(names.usageStreamSubjects).toEqual(['t1.usage.>']);
  });

  it('sanitises characters NATS does not allow in names', () => {
    const names = natsNames('run 7.a*b');
    expect(names.usageStream).toBe('RUN_7_A_B_USAGE');
    expect(names.reserve).toBe('run_7_a_b.credits.reserve');
  });
});

describe('credits protocol messages', () => {
  it('accepts a member and a guest reservation', () => {
    expect(
      ReserveRequestSchema.safeParse({ requestId, userId, tool: 'chat-agent', options: { webSearch: true } })
        .success,
    ).toBe(true);
    expect(
      ReserveRequestSchema.safeParse({ requestId, guestIp: '203.0.113.9', tool: 'magic-enhance' }).success,
    ).toBe(true);
  });

  it('lets a request without user or IP through so credits can answer GUEST_IP_REQUIRED', () => {
    expect(ReserveRequestSchema.safeParse({ requestId, tool: 'magic-enhance' }).success).toBe(true);
    expect(ReserveRequestSchema.safeParse({ requestId, guestIp: '', tool: 'magic-enhance' }).success).toBe(
      true,
    );
  });

  it('rejects both identities, unknown tools and bad request ids', () => {
    expect(
      ReserveRequestSchema.safeParse({ requestId, userId, guestIp: '1.2.3.4', tool: 'magic-enhance' })
        .success,
    ).toBe(false);
    expect(ReserveRequestSchema.safeParse({ requestId, userId, tool: 'free-money' }).success).toBe(false);
    expect(ReserveRequestSchema.safeParse({ requestId: 'r1', userId, tool: 'magic-enhance' }).success).toBe(
      false,
    );
  });

  it('discriminates replies on ok', () => {
    expect(ReserveReplySchema.parse({ ok: true, cost: 0, remainingCredits: null })).toEqual({
      ok: true,
      cost: 0,
      remainingCredits: null,
    });
    const refused = ReserveReplySchema.parse({
      ok: false,
      code: ErrorCode.NEEDS_SIGNUP,
      message: 'x',
      needsSignup: true,
    });
    expect(refused.ok).toBe(false);
    expect(ReserveReplySchema.safeParse({ ok: false, code: 'NOPE', message: 'x' }).success).toBe(false);
  });

  it('requires an ISO time on usage events', () => {
    expect(
      UsageEventSchema.safeParse({ requestId, tool: 'text-to-image', userId, at: '2025-01-05T10:00:00Z' })
        .success,
    ).toBe(true);
    expect(
      UsageEventSchema.safeParse({ requestId, tool: 'text-to-image', userId, at: 'yesterday' }).success,
    ).toBe(false);
  });
});
