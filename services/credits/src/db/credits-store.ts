// The credits database as one store object: domain code calls methods named for what they do and never sees a
// connection. The SQL lives in accounts.ts, events.ts, grants.ts, history.ts, holds.ts and ledger.ts; this file only binds it to a pooled
// connection or to one transaction. Methods that lock rows or must see their statements commit together (the
// `CreditsTransaction` ones) exist only on the store handed to `transaction(fn)`, so the types keep them inside one.
import type { ToolId } from '@act/contracts';
import type { Db, Sql, TransactionSql } from '@act/service-kit';
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
import { recordProcessedEvent } from './events';
import {
  expireDueGrants,
  findGrant,
  insertGrant,
  listGrants,
  lockGrant,
  reverseGrant,
  selectCreditSplit,
  type CreditSplit,
  type GrantRow,
  type InsertGrantInput,
} from './grants';
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
  chargeMember,
  chargeMembers,
  commitExpiredHolds,
  commitHolds,
  countGuestUses,
  expireHolds,
  expireHoldsById,
  findHold,
  findLeasedHolds,
  guestUsedSince,
  insertGuestHold,
  lockGuestBudget,
  lockGuestSlot,
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
  /** Commits a batch of holds and takes their costs from the members' parts (event ids distinct in the batch). */
  commitHolds(events: readonly SettleInput[], now: Date): Promise<SettleResult[]>;
  releaseHolds(events: readonly SettleInput[], now: Date): Promise<SettleResult[]>;
  commitExpiredHolds(requestIds: readonly string[], now: Date): Promise<string[]>;
  voidUnreservedHolds(releases: readonly UnreservedRelease[], now: Date): Promise<void>;
  expireHolds(input: { cutoff: Date; now: Date; limit: number }): Promise<number>;
  expireHoldsById(requestIds: readonly string[], now: Date): Promise<number>;
  /** Credits a paid pack on a LOCKED account, once per transaction id (undefined: it was credited before). */
  insertGrant(input: InsertGrantInput): Promise<GrantRow | undefined>;
  lockGrant(userId: string, grantId: string): Promise<GrantRow | undefined>;
  /** Takes an unused grant back on a LOCKED account; false when the balance no longer holds it all. */
  reverseGrant(grant: GrantRow, now: Date): Promise<boolean>;
  /** Expires up to `limit` grants past their date; returns how many. */
  expireDueGrants(now: Date, limit: number): Promise<number>;
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
    guestUsedSince: (visitorIp, tool, since) => guestUsedSince(db, visitorIp, tool, since),
    countGuestUses: (tool, since, limit) => countGuestUses(db, tool, since, limit),
    insertGuestHold: (input) => insertGuestHold(db, input),
    findLeasedHolds: (now, limit) => findLeasedHolds(db, now, limit),
    creditSplit: (userId) => selectCreditSplit(db, userId),
    findGrant: (userId, grantId) => findGrant(db, userId, grantId),
    listGrants: (userId, limit) => listGrants(db, userId, limit),
    ledgerPage: (query) => selectLedgerPage(db, query),
    ledgerDays: (filter) => selectLedgerDays(db, filter),
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
    commitHolds: (events, now) => commitHolds(tx, events, now),
    releaseHolds: (events, now) => releaseHolds(tx, events, now),
    commitExpiredHolds: (requestIds, now) => commitExpiredHolds(tx, requestIds, now),
    voidUnreservedHolds: (releases, now) => voidUnreservedHolds(tx, releases, now),
    expireHolds: (input) => expireHolds(tx, input),
    expireHoldsById: (requestIds, now) => expireHoldsById(tx, requestIds, now),
    insertGrant: (input) => insertGrant(tx, input),
    lockGrant: (userId, grantId) => lockGrant(tx, userId, grantId),
    reverseGrant: (grant, now) => reverseGrant(tx, grant, now),
    expireDueGrants: (now, limit) => expireDueGrants(tx, now, limit),
  };
}

export function createCreditsStore(sql: Sql): CreditsStore {
  return {
    ...queriesOn(sql),
    transaction: <T>(fn: (tx: CreditsTransaction) => Promise<T>) =>
      sql.begin((tx) => fn(transactionOn(tx))) as Promise<T>,
  };
}
