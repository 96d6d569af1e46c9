// The identity database as one store object: domain code calls methods named for what they do and never sees a
// connection. The SQL lives in users.ts, sessions.ts, token-revocations.ts, one-time-tokens.ts, oauth-attempts.ts, reauth-proofs.ts,
// outbox.ts and housekeeping.ts; this file only binds it to a pooled connection or to one transaction. What locks
// rows until commit, or must commit together with the caller's other writes, exists only on the store handed to
// `transaction(fn)`, so the types keep it inside one.
import type { Db, Outbox, OutboxMessage, Sql, TransactionSql } from '@act/service-kit';
import {
  countLiveApiKeys,
  insertApiKey,
  listApiKeys,
  lockUserForKeys,
  resolveApiKey,
  revokeApiKey,
  updateApiKey,
  type ApiKeyRow,
  type ResolvedApiKeyRow,
} from './api-keys';
import { deleteUserLeftovers, markUserDeleted, revokeUserApiKeys } from './account-deletion';
import { deleteExpiredRows } from './housekeeping';
import {
  insertOAuthAttempt,
  takeOAuthAttempt,
  type NewOAuthAttempt,
  type OAuthAttemptRow,
} from './oauth-attempts';
import { recordReauthProof, takeReauthProof, type ReauthPurpose } from './reauth-proofs';
import { consumeOneTimeToken, replaceOneTimeToken, type OneTimePurpose } from './one-time-tokens';
import { findRoles, type StaffRole } from './roles';
import { claimPendingEmails, insertEmail, markEmailFailed, markEmailSent, type EmailRow } from './outbox';
import {
  findFamilyOfToken,
  insertFamily,
  insertRefreshToken,
  lockRefreshToken,
  markRotated,
  revokeFamily,
  revokeUserFamilies,
  type LockedRefreshToken,
  type RevokeReason,
} from './sessions';
import {
  listRevocations,
  setTokensNotBefore,
  type RevocationCursor,
  type RevocationRow,
} from './token-revocations';
import {
  findUserByEmail,
  findUserByGoogleSubject,
  findUserById,
  insertUser,
  linkGoogleSubject,
  markEmailVerified,
  updateEmail,
  updatePasswordHash,
  updateUserLocale,
  type UserRow,
} from './users';

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string | null;
  googleSubject: string | null;
  emailVerified: boolean;
}

/** Statements that stand on their own (one statement each) or join the caller's transaction. */
export interface IdentityQueries {
  /** The new row, or undefined when the email (or Google subject) is taken. */
  insertUser(user: NewUser): Promise<UserRow | undefined>;
  findUserById(id: string): Promise<UserRow | undefined>;
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  findUserByGoogleSubject(subject: string): Promise<UserRow | undefined>;
  markEmailVerified(userId: string): Promise<void>;
  updatePasswordHash(userId: string, passwordHash: string): Promise<void>;
  updateUserLocale(userId: string, locale: string): Promise<UserRow | undefined>;
  insertFamily(family: { id: string; userId: string }): Promise<void>;
  insertRefreshToken(token: { hash: Buffer; familyId: string; expiresAt: Date }): Promise<void>;
  findFamilyOfToken(hash: Buffer): Promise<{ family_id: string; user_id: string } | undefined>;
  /** True when the family was live until now. */
  revokeFamily(familyId: string, reason: RevokeReason): Promise<boolean>;
  /** Revokes the user's live families but `exceptFamilyId`; returns how many. */
  revokeUserFamilies(userId: string, reason: RevokeReason, exceptFamilyId?: string): Promise<number>;
  setTokensNotBefore(userId: string, at: Date): Promise<void>;
  listRevocations(options: {
    since: Date;
    after?: RevocationCursor;
    limit: number;
  }): Promise<RevocationRow[]>;
  /** Spends the token (once, unexpired) and returns whose it was. */
  consumeOneTimeToken(
    hash: Buffer,
    purpose: OneTimePurpose,
  ): Promise<{ user_id: string; new_email: string | null } | undefined>;
  insertOAuthAttempt(attempt: NewOAuthAttempt): Promise<void>;
  /** Deletes and returns the unexpired attempt: a state works once. */
  takeOAuthAttempt(stateHash: Buffer): Promise<OAuthAttemptRow | undefined>;
  /** The staff roles signed into the user's access tokens (docs/security.md#support-role). */
  findRoles(userId: string): Promise<StaffRole[]>;
  insertEmail(email: {
    id: string;
    recipient: string;
    subject: string;
    body: string;
    purpose: string;
    /** Queues it once per key (an event's id); false when it was queued before. */
    dedupeKey?: string;
  }): Promise<boolean>;
  /** The member's live personal API keys, newest first (db/api-keys.ts). */
  listApiKeys(userId: string): Promise<ApiKeyRow[]>;
  updateApiKey(
    userId: string,
    id: string,
    change: { name?: string; monthlyCreditLimit?: number | null },
  ): Promise<ApiKeyRow | undefined>;
  revokeApiKey(userId: string, id: string, now: Date): Promise<boolean>;
  /** The live key with this secret hash (and its use noted), or undefined. */
  resolveApiKey(hash: Buffer, now: Date): Promise<ResolvedApiKeyRow | undefined>;
  /** Leaves the member a proof of a purpose-bound Google sign-in (db/reauth-proofs.ts). */
  recordReauthProof(proof: { userId: string; purpose: ReauthPurpose; maxAgeSeconds: number }): Promise<void>;
}

/** The store inside one transaction: everything above, plus what locks rows or must commit with other writes. */
export interface IdentityTransaction extends IdentityQueries {
  lockRefreshToken(hash: Buffer, graceSeconds: number): Promise<LockedRefreshToken | undefined>;
  markRotated(hash: Buffer, successorSalt: Buffer): Promise<void>;
  /** Links a Google subject to the user (row locked); undefined when the user has another subject already. */
  linkGoogleSubject(
    userId: string,
    subject: string,
  ): Promise<{ user: UserRow; tookOverUnverified: boolean } | undefined>;
  updateEmail(userId: string, email: string): Promise<UserRow | undefined>;
  /** Spends the user's unused tokens of this purpose and stores the new one (two statements). */
  replaceOneTimeToken(token: {
    hash: Buffer;
    userId: string;
    purpose: OneTimePurpose;
    newEmail: string | null;
    expiresAt: Date;
  }): Promise<void>;
  /** Pending emails, locked for this transaction (other replicas skip them). */
  claimPendingEmails(limit: number): Promise<EmailRow[]>;
  markEmailSent(id: string): Promise<void>;
  markEmailFailed(id: string, reason: string): Promise<void>;
  /** Records an outbox message in this transaction, so it exists exactly when the rest commits. */
  addToOutbox(outbox: Outbox, message: OutboxMessage): Promise<unknown>;
  /** Locks the member's row, so concurrent key creations count each other (the 10-key rule). */
  lockUserForKeys(userId: string): Promise<void>;
  countLiveApiKeys(userId: string): Promise<number>;
  insertApiKey(key: Omit<ApiKeyRow, 'last_used_at'> & { secret_hash: Buffer }): Promise<ApiKeyRow>;
  /** Account deletion (db/account-deletion.ts): false when the user was deleted already. */
  markUserDeleted(userId: string, at: Date): Promise<boolean>;
  revokeUserApiKeys(userId: string, at: Date): Promise<number>;
  deleteUserLeftovers(userId: string, email: string): Promise<void>;
  /** Spends the member's unexpired proof of this purpose, with the deletion it allows; false when there is none. */
  takeReauthProof(userId: string, purpose: ReauthPurpose): Promise<boolean>;
  /** Runs `fn` under a savepoint: when it throws, only its writes are undone and the transaction goes on. */
  savepoint<T>(fn: (tx: IdentityTransaction) => Promise<T>): Promise<T>;
}

export interface IdentityStore extends IdentityQueries {
  /** Runs `fn` in one transaction (postgres.js BEGIN … COMMIT, rolled back when it throws). */
  transaction<T>(fn: (tx: IdentityTransaction) => Promise<T>): Promise<T>;
  /** Housekeeping: deletes expired tokens, attempts and old emails (each delete on its own). */
  deleteExpiredRows(): Promise<void>;
}

function queriesOn(db: Db): IdentityQueries {
  return {
    insertUser: (user) => insertUser(db, user),
    findUserById: (id) => findUserById(db, id),
    findRoles: (userId) => findRoles(db, userId),
    findUserByEmail: (email) => findUserByEmail(db, email),
    findUserByGoogleSubject: (subject) => findUserByGoogleSubject(db, subject),
    markEmailVerified: (userId) => markEmailVerified(db, userId),
    updatePasswordHash: (userId, passwordHash) => updatePasswordHash(db, userId, passwordHash),
    updateUserLocale: (userId, locale) => updateUserLocale(db, userId, locale),
    insertFamily: (family) => insertFamily(db, family),
    insertRefreshToken: (token) => insertRefreshToken(db, token),
    findFamilyOfToken: (hash) => findFamilyOfToken(db, hash),
    revokeFamily: (familyId, reason) => revokeFamily(db, familyId, reason),
    revokeUserFamilies: (userId, reason, exceptFamilyId) =>
      revokeUserFamilies(db, userId, reason, exceptFamilyId),
    setTokensNotBefore: (userId, at) => setTokensNotBefore(db, userId, at),
    listRevocations: (options) => listRevocations(db, options),
    consumeOneTimeToken: (hash, purpose) => consumeOneTimeToken(db, hash, purpose),
    insertOAuthAttempt: (attempt) => insertOAuthAttempt(db, attempt),
    takeOAuthAttempt: (stateHash) => takeOAuthAttempt(db, stateHash),
    insertEmail: (email) => insertEmail(db, email),
    listApiKeys: (userId) => listApiKeys(db, userId),
    updateApiKey: (userId, id, change) => updateApiKey(db, userId, id, change),
    revokeApiKey: (userId, id, now) => revokeApiKey(db, userId, id, now),
    resolveApiKey: (hash, now) => resolveApiKey(db, hash, now),
    recordReauthProof: (proof) => recordReauthProof(db, proof),
  };
}

function transactionOn(tx: TransactionSql): IdentityTransaction {
  return {
    ...queriesOn(tx),
    lockRefreshToken: (hash, graceSeconds) => lockRefreshToken(tx, hash, graceSeconds),
    markRotated: (hash, successorSalt) => markRotated(tx, hash, successorSalt),
    linkGoogleSubject: (userId, subject) => linkGoogleSubject(tx, userId, subject),
    updateEmail: (userId, email) => updateEmail(tx, userId, email),
    replaceOneTimeToken: (token) => replaceOneTimeToken(tx, token),
    claimPendingEmails: (limit) => claimPendingEmails(tx, limit),
    markEmailSent: (id) => markEmailSent(tx, id),
    markEmailFailed: (id, reason) => markEmailFailed(tx, id, reason),
    addToOutbox: (outbox, message) => outbox.enqueue(tx, message),
    lockUserForKeys: (userId) => lockUserForKeys(tx, userId),
    countLiveApiKeys: (userId) => countLiveApiKeys(tx, userId),
    insertApiKey: (key) => insertApiKey(tx, key),
    markUserDeleted: (userId, at) => markUserDeleted(tx, userId, at),
    revokeUserApiKeys: (userId, at) => revokeUserApiKeys(tx, userId, at),
    deleteUserLeftovers: (userId, email) => deleteUserLeftovers(tx, userId, email),
    takeReauthProof: (userId, purpose) => takeReauthProof(tx, userId, purpose),
    savepoint: <T>(fn: (inner: IdentityTransaction) => Promise<T>) =>
      tx.savepoint((sp) => fn(transactionOn(sp))) as Promise<T>,
  };
}

export function createIdentityStore(sql: Sql): IdentityStore {
  return {
    ...queriesOn(sql),
    transaction: <T>(fn: (tx: IdentityTransaction) => Promise<T>) =>
      sql.begin((tx) => fn(transactionOn(tx))) as Promise<T>,
    deleteExpiredRows: () => deleteExpiredRows(sql),
  };
}
