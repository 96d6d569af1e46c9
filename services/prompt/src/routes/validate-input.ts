// Body validation for the prompt routes. Like service-kit's validate(), but an issue without a text of its own
// (a language, task, camera motion or style that is not on the spec's lists, a wrong JSON type) answers with our
// generic 'Invalid request' instead of zod's developer wording.
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { ERROR_TEXTS } from '@act/contracts';
import { AppError, ErrorCode } from '@act/service-kit';

export function validateBody<S extends z.ZodType>(schema: S): Middleware {
  return async (ctx, next) => {
    const body: unknown = (ctx.request as { body?: unknown }).body;
    // Texts set on a schema win over this per-parse fallback, so the spec's own messages still come through.
    const result = schema.safeParse(body ?? {}, { error: () => ERROR_TEXTS.validation.invalidRequest });
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        issue?.message ?? ERROR_TEXTS.validation.invalidRequest,
        {
          details: { field: issue?.path.join('.') },
        },
      );
    }
    ctx.state.input = result.data;
    await next();
  };
}
