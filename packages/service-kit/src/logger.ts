// Structured logs (pino). Secrets are redacted by path so no password, hash, token or cookie reaches a log line.
import { pino, type Logger } from 'pino';
import { traceLogFields } from './tracing';

export type { Logger };

const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'password_hash',
  'token',
  'access_token',
  'refresh_token',
  'refreshToken',
  'accessToken',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.password_hash',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.refreshToken',
  '*.accessToken',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

export interface LoggerOptions {
  name: string;
  level?: string;
  /** Where lines go; tests pass a stream to assert on captured output. Defaults to stdout. */
  destination?: pino.DestinationStream;
}

export function createLogger({ name, level = 'info', destination }: LoggerOptions): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    // trace_id and span_id of the active span when traces are on, so a line leads to its trace.
    mixin: traceLogFields,
  };
  return destination ? pino(options, destination) : pino(options);
}
