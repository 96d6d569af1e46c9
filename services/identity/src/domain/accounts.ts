// Accounts: sign-up, password sign-in, reading the current user and changing a password or email.
import { randomUUID } from 'node:crypto';
import { ACCOUNT_CONTROL_TEXTS, ERROR_TEXTS, type Locale } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';
import type { IdentityQueries, IdentityStore } from '../db/identity-store';
import type { MailQueue } from './mail';
import { hashPassword, verifyPassword } from './passwords';
import { digest, randomSecret } from './secrets';
import { endOtherSessions } from './sessions';
import type { TokenRevocations } from './token-revocations';
import type { UserEvents } from './user-events';
import { toAccountUser, type AccountUser } from './account-user';
import { mailTexts } from './mail-texts';

export interface AccountDeps {
  store: IdentityStore;
  events: UserEvents;
}

/** Creates an account with an argon2id password hash; a taken email is a 409, never a second account. */
export async function signUp(
  deps: AccountDeps,
  input: { email: string; password: string },
): Promise<AccountUser> {
  const passwordHash = await hashPassword(input.password);
  const created = await deps.store.transaction(async (tx) => {
    const row = await tx.insertUser({
      id: randomUUID(),
      email: input.email,
      passwordHash,
      googleSubject: null,
      // Nothing proves the sign-up owns this address until a link sent to it is opened (see google-sign-in.ts).
      emailVerified: false,
    });
    if (row) await deps.events.record(tx, toAccountUser(row));
    return row;
  });
  if (!created) throw new AppError(ErrorCode.CONFLICT, ERROR_TEXTS.server.emailTaken);
  await deps.events.publishPending();
  return toAccountUser(created);
}

/**
 * Checks email and password. An unknown email still costs one argon2 verification, and both failures give the
 * same answer, so neither the reply nor its timing tells which addresses have accounts.
 */
export async function authenticate(
  store: IdentityQueries,
  input: { email: string; password: string },
): Promise<AccountUser> {
  const user = await store.findUserByEmail(input.email);
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.server.invalidCredentials);
  return toAccountUser(user);
}

export async function getUser(store: IdentityQueries, userId: string): Promise<AccountUser> {
  const user = await store.findUserById(userId);
  // A valid token for an account that no longer exists is not a session.
  if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
  return toAccountUser(user);
}

export interface UpdateUserDeps {
  store: IdentityStore;
  mail: MailQueue;
  publicUrl: string;
  revocations: TokenRevocations;
}

export interface UpdateUserInput {
  userId: string;
  currentPassword: string;
  email?: string;
  password?: string;
  /** The refresh cookie of the request, so a password change keeps this session and ends the others. */
  currentRefreshToken?: string;
}

const EMAIL_CHANGE_TTL_MS = 24 * 3600 * 1000;

/**
 * Changes the password at once (ending every other session) and starts an email change: the new address gets a
 * confirmation link and the change happens when it is opened (POST verify, type email_change), so an account can
 * never be moved to an address its owner cannot read. The current password is required for either.
 */
export async function updateUser(
  deps: UpdateUserDeps,
  input: UpdateUserInput,
): Promise<{ user: AccountUser; emailChangePending: boolean }> {
  const row = await deps.store.findUserById(input.userId);
  if (!row) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
  // A Google-only account has no password to check: say so rather than call the member's guess incorrect.
  if (!row.password_hash) throw new AppError(ErrorCode.FORBIDDEN, ACCOUNT_CONTROL_TEXTS.errors.noPassword);
  if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
    throw new AppError(ErrorCode.FORBIDDEN, ERROR_TEXTS.server.currentPasswordIncorrect);
  }

  if (input.password !== undefined) {
    await deps.store.updatePasswordHash(row.id, await hashPassword(input.password));
    const notBefore = await endOtherSessions(
      deps.store,
      row.id,
      'password_change',
      input.currentRefreshToken,
    );
    deps.revocations.userCutOff(row.id, notBefore);
  }

  let emailChangePending = false;
  if (input.email !== undefined && input.email !== row.email) {
    const holder = await deps.store.findUserByEmail(input.email);
    if (holder) throw new AppError(ErrorCode.CONFLICT, ERROR_TEXTS.server.emailTaken);
    const token = randomSecret();
    await deps.store.transaction(async (tx) => {
      await tx.replaceOneTimeToken({
        hash: digest(token),
        userId: row.id,
        purpose: 'email_change',
        newEmail: input.email!,
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      });
      await deps.mail.enqueue(tx, {
        to: input.email!,
        purpose: 'email_change',
        ...mailTexts(row.locale).emailChange(emailLink(deps.publicUrl, 'email_change', token)),
      });
    });
    emailChangePending = true;
  }
  return { user: toAccountUser(row), emailChangePending };
}

/**
 * Links in emails carry the token in the URL fragment: browsers never send a fragment to a server or in a
 * Referer header, so the token stays out of access logs. The /auth page reads it and calls POST verify.
 */
export function emailLink(publicUrl: string, type: 'recovery' | 'email_change', token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/auth#${new URLSearchParams({ type, token }).toString()}`;
}

/** Saves the member's language (docs/product-rules.md#languages): the e-mails they get from now on use it. */
export async function updateLocale(
  store: IdentityQueries,
  userId: string,
  locale: Locale,
): Promise<AccountUser> {
  const row = await store.updateUserLocale(userId, locale);
  if (!row) throw new AppError(ErrorCode.UNAUTHENTICATED, ERROR_TEXTS.auth.authenticationFailed);
  return toAccountUser(row);
}
