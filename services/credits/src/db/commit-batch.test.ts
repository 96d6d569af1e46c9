// The commit batch's notice payloads are built in SQL (one statement, issue 44); NoticeRaisedEventSchema is their one
// source: what the statement wrote is parsed through it, and a payload it refuses fails the batch loudly. The SQL's
// payloads for both thresholds are parsed end to end in routes/credit-controls.routes.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { raisedEventsOf } from './commit-batch';

const written = {
  noticeId: '42',
  userId: randomUUID(),
  threshold: 80,
  periodStart: '2026-11-01T00:00:00.000Z',
  allowance: 50,
  spent: 41,
};

describe('the commit batch notice payloads', () => {
  it('passes the payloads of both thresholds through as events', () => {
    const events = raisedEventsOf([written, { ...written, noticeId: '43', threshold: 100, spent: 50 }]);
    expect(events.map((event) => event.threshold)).toEqual([80, 100]);
  });

  it('fails loudly on a payload the schema refuses (a drift between the SQL and the contract)', () => {
    expect(() => raisedEventsOf([{ ...written, noticeId: 42 }])).toThrow(/credits\.notice\.raised payload/);
    expect(() => raisedEventsOf([{ ...written, threshold: 90 }])).toThrow(/schema refuses/);
    const { spent: _dropped, ...missing } = written;
    expect(() => raisedEventsOf([missing])).toThrow(/schema refuses/);
  });

  it('raises nothing when the statement wrote no notice', () => {
    expect(raisedEventsOf([])).toEqual([]);
  });
});
