// How `npm start` prints its children's log lines. Services and the gateway always write one JSON object per line
// (pino), which is what log collectors read; on a terminal the launcher turns each into one readable line with
// pino-pretty (time, level, message, then the other fields), and anywhere else it passes the JSON through unchanged.
// Lines that are not a pino record (the embedded servers' own output, a crash before the logger existed) pass as
// they are.
import { prettyFactory } from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

/** `LOG_FORMAT` when set (`pretty` or `json`), else pretty on a terminal and JSON otherwise. */
export function logFormatFor(env: NodeJS.ProcessEnv, isTerminal: boolean): LogFormat {
  const chosen = env.LOG_FORMAT;
  if (chosen === undefined || chosen === '') return isTerminal ? 'pretty' : 'json';
  if (chosen === 'pretty' || chosen === 'json') return chosen;
  throw new Error(`LOG_FORMAT must be pretty or json, not ${JSON.stringify(chosen)}`);
}

/** A record pino wrote: a JSON object with its numeric level and time. */
function isPinoRecord(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const record = JSON.parse(line) as unknown;
    return (
      typeof record === 'object' &&
      record !== null &&
      typeof (record as { level?: unknown }).level === 'number' &&
      'time' in record
    );
  } catch {
    return false;
  }
}

/**
 * Returns the function that turns one output line into what is printed (without the trailing newline). The process
 * name is printed before it by the launcher, so the records' own `service` and `name` are left out.
 */
export function createLogLineFormatter(
  format: LogFormat,
  { colour = false }: { colour?: boolean } = {},
): (line: string) => string {
  if (format === 'json') return (line) => line;
  const pretty = prettyFactory({
    colorize: colour,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,name',
  });
  return (line) => (isPinoRecord(line) ? pretty(line).trimEnd() : line);
}
