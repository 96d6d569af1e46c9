// The one error type every host-sdk call throws: the text to show (server text or the caller's spec fallback),
// a machine code to branch on, the HTTP status, and the guest needsSignup flag.
import { ERROR_HTTP_STATUS, ERROR_CODES, ErrorCode, serverErrorText } from '@act/contracts';

export class ApiError extends Error {
  readonly code: ErrorCode;
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  readonly status: number;
  readonly needsSignup?: boolean;

  constructor(message: string, code: ErrorCode, status: number, needsSignup?: boolean) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    if (needsSignup) this.needsSignup = true;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Best code for a status when the reply carries none (a proxy page, an empty 502). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 504) return ErrorCode.SERVICE_UNAVAILABLE;
  const match = ERROR_CODES.find((code) => ERROR_HTTP_STATUS[code] === status);
  return match ?? (status >= 500 ? ErrorCode.INTERNAL : ErrorCode.VALIDATION_FAILED);
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Builds the ApiError of a failed reply: the server's text when it sent one (worded in the page's language for the
 * codes contracts maps, docs/product-rules.md#languages), else the fallback.
 */
export function apiErrorFromReply(status: number, body: unknown, fallbackError: string): ApiError {
  const reply = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = isErrorCode(reply.code) ? reply.code : codeForStatus(status);
  const serverText = typeof reply.error === 'string' && reply.error.trim() !== '' ? reply.error : null;
  const message = serverText === null ? fallbackError : serverErrorText(code, serverText);
  const needsSignup = reply.needsSignup === true || code === ErrorCode.NEEDS_SIGNUP;
  return new ApiError(message, code, status, needsSignup);
}

/** Message to show for anything thrown: ApiError text, else the fallback (never a raw stack or TypeError). */
export function errorMessage(error: unknown, fallbackError: string): string {
  return isApiError(error) ? error.message : fallbackError;
}
