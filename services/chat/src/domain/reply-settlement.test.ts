// The charge of a chat reply from how its columns ended, as a plain function (no database, no credits): every row of
// docs/charges.md#chat-replies, for one answer and for a playground turn of four columns sharing one charge.
import { describe, expect, it } from 'vitest';
import { settleReply, type ColumnEnd } from './reply-settlement';

const done = (textArrived = true): ColumnEnd => ({ status: 'done', textArrived });
const failed = (textArrived = false): ColumnEnd => ({ status: 'failed', textArrived });
const stopped = (textArrived = false): ColumnEnd => ({ status: 'stopped', textArrived });

describe('settleReply: one answer (reasoning, agent, web chat)', () => {
  it('charges a completed answer once', () => {
    expect(settleReply([done()], false)).toEqual({ status: 'completed', charge: 'committed' });
  });

  it('charges a stop after text (answer or reasoning) arrived, and releases a stop before any', () => {
    expect(settleReply([stopped(true)], true)).toEqual({ status: 'stopped', charge: 'committed' });
    expect(settleReply([stopped(false)], true)).toEqual({ status: 'stopped', charge: 'released' });
  });

  it('never charges a failure, before or after text, nor an empty answer', () => {
    expect(settleReply([failed(false)], false)).toEqual({ status: 'failed', charge: 'released' });
    expect(settleReply([failed(true)], false)).toEqual({ status: 'failed', charge: 'released' });
  });

  it('counts a stop that landed after the answer had ended as a stop', () => {
    expect(settleReply([done()], true)).toEqual({ status: 'stopped', charge: 'committed' });
    expect(settleReply([failed(false)], true)).toEqual({ status: 'stopped', charge: 'released' });
  });
});

describe('settleReply: a playground turn (four columns, one charge)', () => {
  it('charges the turn once when at least one column answered, failed columns beside it included', () => {
    expect(settleReply([done(), done(), done(), done()], false)).toEqual({
      status: 'completed',
      charge: 'committed',
    });
    expect(settleReply([failed(), failed(true), done(), failed()], false)).toEqual({
      status: 'completed',
      charge: 'committed',
    });
  });

  it('releases a turn where every column failed, even after words were shown', () => {
    expect(settleReply([failed(), failed(), failed(), failed()], false)).toEqual({
      status: 'failed',
      charge: 'released',
    });
    expect(settleReply([failed(true), failed(), failed(true), failed()], false)).toEqual({
      status: 'failed',
      charge: 'released',
    });
  });

  it('charges a stopped turn when any column had text, and releases it when none had', () => {
    expect(settleReply([stopped(), stopped(true), stopped(), stopped()], true)).toEqual({
      status: 'stopped',
      charge: 'committed',
    });
    expect(settleReply([done(), stopped(), failed(), stopped()], true)).toEqual({
      status: 'stopped',
      charge: 'committed',
    });
    expect(settleReply([stopped(), stopped(), failed(), stopped()], true)).toEqual({
      status: 'stopped',
      charge: 'released',
    });
  });
});
