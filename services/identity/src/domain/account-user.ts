// The account as the domain hands it around (no password hash), and its public shape in session replies.
import { isLocale, type Locale, type SessionUser } from '@act/contracts';
import type { UserRow } from '../db/users';

export interface AccountUser {
  id: string;
  email: string;
  createdAt: Date;
  /** The member's chosen language (docs/product-rules.md#languages); undefined until they choose. */
  locale?: Locale;
}

export function toAccountUser(
  row: Pick<UserRow, 'id' | 'email' | 'created_at'> & Partial<Pick<UserRow, 'locale'>>,
): AccountUser {
  return {
    id: row.id,
    email: row.email,
    createdAt: row.created_at,
    ...(isLocale(row.locale) ? { locale: row.locale } : {}),
  };
}

export function presentUser(user: AccountUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    ...(user.locale ? { locale: user.locale } : {}),
  };
}
