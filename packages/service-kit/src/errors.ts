// The one error type services throw. Its HTTP status comes from the one code → status table in contracts.
import { ERROR_HTTP_STATUS, ErrorCode } from '@act/contracts';

export { ErrorCode };

export interface AppErrorOptions {
  /** Extra fields merged into the JSON reply (for example `needsSignup: true`). */
  details?: Record<string, unknown>;
  /** Extra response headers (for example Retry-After). */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly details: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = ERROR_HTTP_STATUS[code];
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
