// The query surface shared by a pooled connection and a transaction, so query functions work inside or outside one.
import type postgres from 'postgres';

export type Db = postgres.ISql;

const UNIQUE_VIOLATION = '23505';

/** True for a unique-constraint violation, optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint_name?: string } | null;
  return e?.code === UNIQUE_VIOLATION && (constraint === undefined || e.constraint_name === constraint);
}
