// The account as the domain hands it around (no password hash), and its public shape in session replies.
import type { SessionUser } from '@act/contracts';
import type { UserRow } from '../db/users';

export interface AccountUser {
  id: string;
  email: string;
  createdAt: Date;
}

export function toAccountUser(row: Pick<UserRow, 'id' | 'email' | 'created_at'>): AccountUser {
  return { id: row.id, email: row.email, createdAt: row.created_at };
}

export function presentUser(user: AccountUser): SessionUser {
  return { id: user.id, email: user.email, created_at: user.createdAt.toISOString() };
}
