// Request validation: parse a body, query or path parameters with a contracts schema (mountEndpoint calls it).
// The reply uses the first issue's message, which contracts write in the spec's own words; an issue without a text
// of its own (a value not on a list, a wrong JSON type) answers with our generic 'Invalid request', never zod's
// developer wording.
import type { z } from 'zod';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from './errors';

/** Parses `raw` with a contracts schema; throws the 400 with the first issue's spec text. */
export function parseInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  // Texts set on a schema win over this per-parse fallback.
  const result = schema.safeParse(raw ?? {}, { error: () => ERROR_TEXTS.validation.invalidRequest });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError(ErrorCode.VALIDATION_FAILED, issue?.message ?? ERROR_TEXTS.validation.invalidRequest, {
      details: { field: issue?.path.join('.') },
    });
  }
  return result.data;
}
