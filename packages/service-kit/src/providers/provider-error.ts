// The one error every provider adapter throws when its provider (or local engine) failed: what failed, how, whether
// the rule of docs/providers.md#retries would try it again, the HTTP status the provider answered, and the text the
// member sees (from ERROR_TEXTS), so the domain turns it into a reply without knowing the provider.
import { ERROR_TEXTS } from '@act/contracts';
import { APIConnectionTimeoutError } from 'openai';
import { AppError, ErrorCode } from '../errors';

/**
 * How the call failed: the provider did not answer in time (timeout), answered with an error or could not be reached
 * (upstream), answered nothing usable (empty), or the local engine that stands in for it failed (local).
 */
export type ProviderFailureKind = 'timeout' | 'upstream' | 'empty' | 'local';

export interface ProviderErrorOptions {
  /** The adapter's provider (openai, fal, elevenlabs, youtubei, local…). */
  provider?: string;
  /** What was asked of it, as in the provider metrics (chat-stream, text-to-image…). */
  operation?: string;
  /** The HTTP status the provider answered, when it answered one. */
  status?: number;
  /** Whether the failure is of a kind the retry rule repeats (docs/providers.md#retries). */
  retryable?: boolean;
  /** How long the provider asked us to wait before trying again (its Retry-After), when it said. */
  retryAfterMs?: number;
  /** What the member is told; ERROR_TEXTS.server.providerFailed unless the adapter knows better. */
  memberText?: string;
  cause?: unknown;
}

export class ProviderError extends Error {
  readonly provider: string | undefined;
  readonly operation: string | undefined;
  readonly status: number | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly memberText: string;

  constructor(
    message: string,
    readonly kind: ProviderFailureKind,
    options: ProviderErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.provider = options.provider;
    this.operation = options.operation;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.memberText = options.memberText ?? ERROR_TEXTS.server.providerFailed;
  }

  /** The reply for the member: 502 with `text` (the tool's own failure text) or the error's member text. */
  toAppError(text: string = this.memberText): AppError {
    return new AppError(ErrorCode.PROVIDER_FAILED, text, { cause: this });
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

/** Network codes that mean the request never left this machine, so no provider saw (or billed) it. */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** The error and its causes, outermost first (a few levels: SDKs wrap fetch errors that wrap socket errors). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current && typeof current === 'object' && chain.length < 6 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** True when the connection was refused or the host could not be reached: the request was never sent. */
export function neverSent(error: unknown): boolean {
  return causeChain(error).some((link) => {
    const code = (link as { code?: unknown }).code;
    return typeof code === 'string' && NEVER_SENT_CODES.has(code);
  });
}

/** True for a provider that did not answer in time (the SDKs' timeout errors, AbortSignal.timeout, ours). */
export function isTimeoutError(error: unknown): boolean {
  if (error instanceof ProviderError) return error.kind === 'timeout';
  return causeChain(error).some((link) => {
    if (link instanceof APIConnectionTimeoutError) return true;
    const { name, code } = link as { name?: unknown; code?: unknown };
    return (
      name === 'TimeoutError' ||
      name === 'APIConnectionTimeoutError' ||
      name === 'ElevenLabsTimeoutError' ||
      code === 'ETIMEDOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT'
    );
  });
}

/** The HTTP status a provider answered, from the SDKs' errors (status, statusCode) or ours; undefined when none. */
export function providerStatusOf(error: unknown): number | undefined {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const found = typeof status === 'number' ? status : statusCode;
  return typeof found === 'number' && Number.isInteger(found) && found >= 100 ? found : undefined;
}

type HeaderSource = Headers | Record<string, unknown> | undefined;

function headerOf(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : undefined;
}

/** Milliseconds the provider asked us to wait (Retry-After, seconds or a date), or undefined when it did not say. */
export function retryAfterMsOf(error: unknown, now = Date.now()): number | undefined {
  const { headers, rawResponse } = (error ?? {}) as {
    headers?: HeaderSource;
    rawResponse?: { headers?: HeaderSource };
  };
  const value = headerOf(headers, 'retry-after') ?? headerOf(rawResponse?.headers, 'retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
