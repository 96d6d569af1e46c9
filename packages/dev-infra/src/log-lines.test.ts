// What `npm start` prints for its children's log lines: readable lines on a terminal, the JSON untouched otherwise.
import { describe, expect, it } from 'vitest';
import { createLogLineFormatter, logFormatFor } from './log-lines';

/** A record as the service kit's pino logger writes it (ISO time, base `service`, logger `name`). */
function record(fields: Record<string, unknown>): string {
  return JSON.stringify({
    level: 30,
    time: '2026-11-26T09:15:42.123Z',
    service: 'prompt',
    name: 'prompt',
    ...fields,
  });
}

describe('log line format', () => {
  it('is pretty on a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(logFormatFor({}, true)).toBe('pretty');
    expect(logFormatFor({}, false)).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => logFormatFor({ LOG_FORMAT: 'yaml' }, true)).toThrow('LOG_FORMAT must be pretty or json');
  });

  it('turns a record into one line: time, level, message, then the other fields', () => {
    const format = createLogLineFormatter('pretty');
    const line = format(record({ requestId: 'req-1', status: 402, msg: 'request done' }));
    expect(line).not.toContain('\n');
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request done /);
    expect(line).toContain('"requestId":"req-1"');
    expect(line).toContain('"status":402');
    // The launcher prefixes the process name; the record's own copies would only repeat it.
    expect(line).not.toContain('"service"');
    expect(line).not.toContain('"level"');
  });

  it('names each level in words', () => {
    const format = createLogLineFormatter('pretty');
    expect(format(record({ level: 40, msg: 'slow' }))).toContain('WARN: slow');
    expect(format(record({ level: 50, msg: 'broke' }))).toContain('ERROR: broke');
  });

  it('colours the level only when asked (a terminal without NO_COLOR)', () => {
    const plain = createLogLineFormatter('pretty')(record({ msg: 'hello' }));
    const coloured = createLogLineFormatter('pretty', { colour: true })(record({ msg: 'hello' }));
    expect(plain).not.toContain('\u001b[');
    expect(coloured).toContain('\u001b[');
  });

  it('passes lines that are not pino records unchanged', () => {
    const format = createLogLineFormatter('pretty');
    for (const line of ['[1] 2026/11/26 09:15:42 [INF] Server is ready', '{"not":"a record"}', '{broken', ''])
      expect(format(line)).toBe(line);
  });

  it('passes every line unchanged in the JSON format', () => {
    const format = createLogLineFormatter('json');
    const line = record({ msg: 'request done' });
    expect(format(line)).toBe(line);
  });
});
