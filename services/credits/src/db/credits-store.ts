// The credits database as one store object: domain code calls methods named for what they do and never sees a
// connection. The SQL lives in accounts.ts, events.ts, grants.ts, history.ts, holds.ts, ledger.ts and pack-refunds.ts; this file only binds it to a pooled
// connection or to one transaction. Methods that lock rows or must see their statements commit together (the
// `CreditsTransaction` ones) exist only on the store handed to `transaction(fn)`, so the types keep them inside one.
import type { ToolId } from '@act/contracts';
import type { Db, Outbox, OutboxMessage, Sql, TransactionSql } from '@act/service-kit';
import {
  findAccount,
  findAccountBySubscription,
  lockAccount,
  lockDueAccounts,
  openAccount,
  setAllowance,
  updateSubscriptionLink,
  type AccountRow,
  type OpenAccountInput,
  type SetAllowanceInput,
  type SubscriptionLinkInput,
} from './accounts';
import {
  creditAccount,
  dismissNotice,
  findMemberByEmail,
  hasRedeemed,
  insertCode,
  insertRedemption,
  insertSupportAction,
  listActiveNotices,
  lockCode,
  raiseUsageNotices,
  recordMemberEmail,
  selectMemberLedger,
  selectRecentFailures,
  setSpendCap,
  takeCodeUse,
  type CodeRow,
  type CreditInput,
  type FailureRow,
  type MemberLedgerRow,
  type NewCode,
  type NoticeRow,
  type PlanAllowance,
  type RaisedNotice,
  type SpendCapRow,
  type SupportActionInput,
} from './credit-controls';
import { recordProcessedEvent } from './events';
import {
  addRedemptionFailure,
  deleteEndedRedemptionWindows,
  lockRedemptionFailures,
  type FailureCount,
} from './redemption-failures';
import {
  expireDueGrants,
  findGrant,
  insertGrant,
  listGrants,
  lockGrant,
  selectCreditSplit,
  type CreditSplit,
  type GrantRow,
  type InsertGrantInput,
} from './grants';
import {
  claimStaleRefunds,
  findOpenRefund,
  finishPackRefund,
  listRefusedAdjustments,
  openPackRefund,
  recordRefundAdjustment,
  undoPackRefund,
  type PackRefundRow,
} from './pack-refunds';
import {
  selectLedgerDays,
  selectLedgerPage,
  type LedgerDayRow,
  type LedgerFilter,
  type LedgerPageQuery,
  type LedgerRow,
} from './ledger';
import { selectUsagePage, type UsagePageQuery, type UsageRow } from './history';
import {
  chargeMemberWithKey,
  ensureKeySpendRow,
  keySpentThisPeriod,
  keysSpentThisPeriod,
  type KeyChargeInput,
} from './api-key-charges';
import {
  chargeMember,
  chargeMembers,
  expireHolds,
  expireHoldsById,
  findHold,
  findLeasedHolds,
  releaseHolds,
  voidUnreservedHolds,
  type ChargeInput,
  type HoldLease,
  type HoldRow,
  type LeasedHold,
  type SettleInput,
  type SettleResult,
  type UnreservedRelease,
} from './holds';
import {
  countGuestUses,
  guestUsedSince,
  insertGuestHold,
  lockGuestBudget,
  lockGuestSlot,
} from './guest-holds';
import { commitExpiredHolds } from './late-charges';
import { commitHolds, type CommitBatch, type NoticeTarget } from './commit-batch';

/** Statements that stand on their own (one statement, so one implicit transaction) or join the caller's. */
export interface CreditsQueries {
  /** Creates the account with the free plan and its opening grant; a no-op when it exists. True if created. */
  openAccount(input: OpenAccountInput): Promise<boolean>;
  findAccount(userId: string): Promise<AccountRow | undefined>;
  findAccountBySubscription(subscriptionId: string): Promise<AccountRow | undefined>;
  /** Records the event id; false when it was recorded before (the caller must then change nothing). */
  recordProcessedEvent(eventId: string, source: string, now: Date): Promise<boolean>;
  usagePage(query: UsagePageQuery): Promise<UsageRow[]>;
  /** The one-statement member charge: the balance after it, or undefined when it did not apply. */
  chargeMember(input: ChargeInput): Promise<number | undefined>;
  /** Many member charges in one statement; per charge, as chargeMember. */
  chargeMembers(
    charges: ReadonlyArray<Omit<ChargeInput, 'now'>>,
    now: Date,
  ): Promise<Array<number | undefined>>;
  findHold(requestId: string): Promise<HoldRow | undefined>;
  /** The one-statement charge of a call made with an API key, its limit tested inside it (db/api-key-charges.ts). */
  chargeMemberWithKey(input: KeyChargeInput): Promise<number | undefined>;
  ensureKeySpendRow(input: KeyChargeInput): Promise<void>;
  keySpentThisPeriod(userId: string, keyId: string): Promise<number>;
  keysSpentThisPeriod(userId: string): Promise<Array<{ key_id: string; spent: number }>>;
  guestUsedSince(visitorIp: string, tool: ToolId, since: Date): Promise<boolean>;
  countGuestUses(tool: ToolId, since: Date, limit: number): Promise<number>;
  insertGuestHold(input: {
    requestId: string;
    visitorIp: string;
    tool: ToolId;
    now: Date;
    lease?: HoldLease;
  }): Promise<void>;
  findLeasedHolds(now: Date, limit: number): Promise<LeasedHold[]>;
  /** How the balance divides into plan and purchased credits (undefined: no account). */
  creditSplit(userId: string): Promise<CreditSplit | undefined>;
  findGrant(userId: string, grantId: string): Promise<GrantRow | undefined>;
  /** The member's purchases, newest first. */
  listGrants(userId: string, limit: number): Promise<GrantRow[]>;
  ledgerPage(query: LedgerPageQuery): Promise<LedgerRow[]>;
  ledgerDays(filter: LedgerFilter): Promise<LedgerDayRow[]>;
  /** Sets or clears the member's monthly spending cap; undefined without an account. */
  setSpendCap(userId: string, cap: number | null, now: Date): Promise<SpendCapRow | undefined>;
  /**
   * Commits a batch of holds in one statement: takes their costs from the members' parts and raises the usage notices
   * with their outbox events (event ids distinct).
   */
  commitHolds(events: readonly SettleInput[], notice: NoticeTarget, now: Date): Promise<CommitBatch>;
  /** Raises the usage notices the given committed holds' members have reached (each once per period). */
  raiseUsageNotices(
    requestIds: readonly string[],
    allowances: readonly PlanAllowance[],
    now: Date,
  ): Promise<RaisedNotice[]>;
  listActiveNotices(userId: string): Promise<NoticeRow[]>;
  dismissNotice(userId: string, noticeId: string, now: Date): Promise<boolean>;
  recordMemberEmail(userId: string, email: string, now: Date): Promise<void>;
  findMemberByEmail(email: string): Promise<{ user_id: string; email: string } | undefined>;
  selectMemberLedger(userId: string, limit: number): Promise<MemberLedgerRow[]>;
  selectRecentFailures(userId: string, limit: number): Promise<FailureRow[]>;
  findOpenRefund(transactionId: string): Promise<PackRefundRow | undefined>;
  listRefusedAdjustments(transactionId: string): Promise<string[]>;
  recordRefundAdjustment(refundId: string, adjustmentId: string): Promise<void>;
  /** Open refunds requested and last checked before `before`, claimed for this reconciler run. */
  claimStaleRefunds(before: Date, now: Date, limit: number): Promise<PackRefundRow[]>;
}

/** The store inside one transaction: everything above, plus what takes row or advisory locks until it ends. */
export interface CreditsTransaction extends CreditsQueries {
  lockAccount(userId: string): Promise<AccountRow | undefined>;
  /** Accounts with something due, locked for this transaction (others skip them). */
  lockDueAccounts(now: Date, limit: number): Promise<string[]>;
  /** Plan and balance on a LOCKED account, with the difference in the ledger. */
  setAllowance(input: SetAllowanceInput): Promise<AccountRow>;
  /** Subscription, status and pending change on a LOCKED account (no balance change). */
  updateSubscriptionLink(input: SubscriptionLinkInput): Promise<AccountRow>;
  lockGuestSlot(visitorIp: string, tool: ToolId): Promise<void>;
  lockGuestBudget(tool: ToolId): Promise<void>;
  releaseHolds(events: readonly SettleInput[], now: Date): Promise<SettleResult[]>;
  commitExpiredHolds(requestIds: readonly string[], now: Date): Promise<string[]>;
  voidUnreservedHolds(releases: readonly UnreservedRelease[], now: Date): Promise<void>;
  expireHolds(input: { cutoff: Date; now: Date; limit: number }): Promise<number>;
  expireHoldsById(requestIds: readonly string[], now: Date): Promise<number>;
  /** Credits a paid pack on a LOCKED account, once per transaction id (undefined: it was credited before). */
  insertGrant(input: InsertGrantInput): Promise<GrantRow | undefined>;
  lockGrant(userId: string, grantId: string): Promise<GrantRow | undefined>;
  /** Opens the refund of an unused grant on a LOCKED account and grant: its credits leave the balance now. */
  openPackRefund(grant: GrantRow, now: Date): Promise<PackRefundRow>;
  /** Settles an open refund as refunded; false when it was settled before. */
  finishPackRefund(refundId: string, adjustmentId: string | null, now: Date): Promise<boolean>;
  /** Settles an open refund as failed, giving its credits back; false when it was settled before. */
  undoPackRefund(refundId: string, adjustmentId: string | null, now: Date): Promise<boolean>;
  /** Expires up to `limit` grants past their date; returns how many. */
  expireDueGrants(now: Date, limit: number): Promise<number>;
  /** Locks and reads the wrong-code counts of a redemption's subjects (member, address) for this transaction. */
  lockRedemptionFailures(subjects: readonly string[], windowMs: number, now: Date): Promise<FailureCount[]>;
  /** One more wrong code for each subject locked by lockRedemptionFailures. */
  addRedemptionFailure(subjects: readonly string[], now: Date): Promise<void>;
  /** Deletes the wrong-code rows whose window has ended; returns how many. */
  deleteEndedRedemptionWindows(windowMs: number, now: Date): Promise<number>;
  /** The code with its row locked until the transaction ends (undefined: no such code). */
  lockCode(code: string): Promise<CodeRow | undefined>;
  hasRedeemed(code: string, userId: string): Promise<boolean>;
  /** The member's redemption of the code; false when they redeemed it before. */
  insertRedemption(code: string, userId: string, now: Date): Promise<boolean>;
  /** One use of the code under its row lock: its credits, or undefined when used up or expired. */
  takeCodeUse(code: string, now: Date): Promise<number | undefined>;
  /** Balance change with its ledger row; undefined when it would go below zero (or no account). */
  creditAccount(input: CreditInput): Promise<number | undefined>;
  insertCode(input: NewCode): Promise<boolean>;
  /** The audit row; false when this action id was recorded before. */
  insertSupportAction(input: SupportActionInput): Promise<boolean>;
  /** Records an outbox message in this transaction, so it is published exactly when the rest commits. */
  addToOutbox(outbox: Outbox, message: OutboxMessage): Promise<unknown>;
}

export interface CreditsStore extends CreditsQueries {
  /** Runs `fn` in one transaction (postgres.js BEGIN … COMMIT, rolled back when it throws). */
  transaction<T>(fn: (tx: CreditsTransaction) => Promise<T>): Promise<T>;
}

function queriesOn(db: Db): CreditsQueries {
  return {
    openAccount: (input) => openAccount(db, input),
    findAccount: (userId) => findAccount(db, userId),
    findAccountBySubscription: (subscriptionId) => findAccountBySubscription(db, subscriptionId),
    recordProcessedEvent: (eventId, source, now) => recordProcessedEvent(db, eventId, source, now),
    usagePage: (query) => selectUsagePage(db, query),
    chargeMember: (input) => chargeMember(db, input),
    chargeMembers: (charges, now) => chargeMembers(db, charges, now),
    findHold: (requestId) => findHold(db, requestId),
    chargeMemberWithKey: (input) => chargeMemberWithKey(db, input),
    ensureKeySpendRow: (input) => ensureKeySpendRow(db, input),
    keySpentThisPeriod: (userId, keyId) => keySpentThisPeriod(db, userId, keyId),
    keysSpentThisPeriod: (userId) => keysSpentThisPeriod(db, userId),
    guestUsedSince: (visitorIp, tool, since) => guestUsedSince(db, visitorIp, tool, since),
    countGuestUses: (tool, since, limit) => countGuestUses(db, tool, since, limit),
    insertGuestHold: (input) => insertGuestHold(db, input),
    findLeasedHolds: (now, limit) => findLeasedHolds(db, now, limit),
    creditSplit: (userId) => selectCreditSplit(db, userId),
    findGrant: (userId, grantId) => findGrant(db, userId, grantId),
    listGrants: (userId, limit) => listGrants(db, userId, limit),
    ledgerPage: (query) => selectLedgerPage(db, query),
    ledgerDays: (filter) => selectLedgerDays(db, filter),
    setSpendCap: (userId, cap, now) => setSpendCap(db, userId, cap, now),
    commitHolds: (events, notice, now) => commitHolds(db, events, notice, now),
    raiseUsageNotices: (requestIds, allowances, now) => raiseUsageNotices(db, requestIds, allowances, now),
    listActiveNotices: (userId) => listActiveNotices(db, userId),
    dismissNotice: (userId, noticeId, now) => dismissNotice(db, userId, noticeId, now),
    recordMemberEmail: (userId, email, now) => recordMemberEmail(db, userId, email, now),
    findMemberByEmail: (email) => findMemberByEmail(db, email),
    selectMemberLedger: (userId, limit) => selectMemberLedger(db, userId, limit),
    selectRecentFailures: (userId, limit) => selectRecentFailures(db, userId, limit),
    findOpenRefund: (transactionId) => findOpenRefund(db, transactionId),
    listRefusedAdjustments: (transactionId) => listRefusedAdjustments(db, transactionId),
    recordRefundAdjustment: (refundId, adjustmentId) => recordRefundAdjustment(db, refundId, adjustmentId),
    claimStaleRefunds: (before, now, limit) => claimStaleRefunds(db, before, now, limit),
  };
}

function transactionOn(tx: TransactionSql): CreditsTransaction {
  return {
    ...queriesOn(tx),
    lockAccount: (userId) => lockAccount(tx, userId),
    lockDueAccounts: (now, limit) => lockDueAccounts(tx, now, limit),
    setAllowance: (input) => setAllowance(tx, input),
    updateSubscriptionLink: (input) => updateSubscriptionLink(tx, input),
    lockGuestSlot: (visitorIp, tool) => lockGuestSlot(tx, visitorIp, tool),
    lockGuestBudget: (tool) => lockGuestBudget(tx, tool),
    releaseHolds: (events, now) => releaseHolds(tx, events, now),
    commitExpiredHolds: (requestIds, now) => commitExpiredHolds(tx, requestIds, now),
    voidUnreservedHolds: (releases, now) => voidUnreservedHolds(tx, releases, now),
    expireHolds: (input) => expireHolds(tx, input),
    expireHoldsById: (requestIds, now) => expireHoldsById(tx, requestIds, now),
    insertGrant: (input) => insertGrant(tx, input),
    lockGrant: (userId, grantId) => lockGrant(tx, userId, grantId),
    openPackRefund: (grant, now) => openPackRefund(tx, grant, now),
    finishPackRefund: (refundId, adjustmentId, now) => finishPackRefund(tx, refundId, adjustmentId, now),
    undoPackRefund: (refundId, adjustmentId, now) => undoPackRefund(tx, refundId, adjustmentId, now),
    expireDueGrants: (now, limit) => expireDueGrants(tx, now, limit),
    lockRedemptionFailures: (subjects, windowMs, now) => lockRedemptionFailures(tx, subjects, windowMs, now),
    addRedemptionFailure: (subjects, now) => addRedemptionFailure(tx, subjects, now),
    deleteEndedRedemptionWindows: (windowMs, now) => deleteEndedRedemptionWindows(tx, windowMs, now),
    lockCode: (code) => lockCode(tx, code),
    hasRedeemed: (code, userId) => hasRedeemed(tx, code, userId),
    insertRedemption: (code, userId, now) => insertRedemption(tx, code, userId, now),
    takeCodeUse: (code, now) => takeCodeUse(tx, code, now),
    creditAccount: (input) => creditAccount(tx, input),
    insertCode: (input) => insertCode(tx, input),
    insertSupportAction: (input) => insertSupportAction(tx, input),
    addToOutbox: (outbox, message) => outbox.enqueue(tx, message),
  };
}

export function createCreditsStore(sql: Sql): CreditsStore {
  return {
    ...queriesOn(sql),
    transaction: <T>(fn: (tx: CreditsTransaction) => Promise<T>) =>
      sql.begin((tx) => fn(transactionOn(tx))) as Promise<T>,
  };
}
