// Request validation: parse body, query or params with a contracts schema and put the typed result on ctx.state.input.
// The reply uses the first issue's message, which contracts write in the spec's own words; an issue without a text
// of its own (a value not on a list, a wrong JSON type) answers with our generic 'Invalid request', never zod's
// developer wording.
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from './errors';

export type InputSource = 'body' | 'query' | 'params';

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

export function validate<S extends z.ZodType>(schema: S, source: InputSource = 'body'): Middleware {
  return async (ctx, next) => {
    const raw =
      source === 'body'
        ? (ctx.request as { body?: unknown }).body
        : source === 'query'
          ? ctx.query
          : (ctx as unknown as { params?: unknown }).params;
    ctx.state.input = parseInput(schema, raw);
    await next();
  };
}

/** The parsed input of the current request, typed by the schema that `validate` used. */
export function inputOf<S extends z.ZodType>(
  ctx: { state: Record<string, unknown> },
  _schema: S,
): z.infer<S> {
  return ctx.state.input as z.infer<S>;
}
