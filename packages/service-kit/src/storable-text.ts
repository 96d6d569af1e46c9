// Text that cannot be stored: PostgreSQL's `text` and `jsonb` refuse U+0000 (error 22021), so a request carrying it
// would fail at its first insert, possibly after a paid provider call (docs/security.md). mountEndpoint refuses it
// once for every endpoint (JSON body, query string and path parameters) before any handler, reserve or provider
// call; domain code that stores text it did not receive as-is checks the row it is about to write the same way.
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from './errors';

const NUL = '\u0000';

/**
 * The path (`messages.0.content`, or `''` for a bare string) of the first string or object key in `value` that
 * holds U+0000, or undefined when everything can be stored. Walks with its own stack: a deeply nested JSON body
 * must not overflow the call stack.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current);
    for (const [key, item] of entries) {
      const itemPath = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return itemPath;
      pending.push({ value: item, path: itemPath });
    }
  }
  return undefined;
}

/** Throws the 400 with the plain-words text when `value` holds U+0000 anywhere; `field` prefixes the reported path. */
export function assertStorableText(value: unknown, field?: string): void {
  const path = findUnstorableText(value);
  if (path === undefined) return;
  const where = [field, path].filter(Boolean).join('.');
  throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.nulCharacter, {
    details: { field: where },
  });
}
