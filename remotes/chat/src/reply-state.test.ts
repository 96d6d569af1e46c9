import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, PLAYGROUND_MODELS, UI_TEXTS, type ChatMessage } from '@act/contracts';
import {
  SINGLE,
  applyEvent,
  chargeNote,
  conversationHistories,
  failTurn,
  isStreaming,
  keepShownText,
  newTurn,
  streamingReply,
  type Turn,
} from './reply-state';
import { turnsFromMessages } from './stored-turns';

const [GPT, GEMINI, CLAUDE, DEEPSEEK] = PLAYGROUND_MODELS;
const FALLBACK = ERROR_TEXTS.chat.sendMessage;
const SESSION = '00000000-0000-4000-8000-000000000001';
const REPLY = '00000000-0000-4000-8000-0000000000aa';

let ids = 0;
function message(overrides: Partial<ChatMessage>): ChatMessage {
  ids++;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    session_id: SESSION,
    role: 'assistant',
    model_name: null,
    content: '',
    created_at: '2025-01-02T10:00:00Z',
    ...overrides,
  };
}

function playgroundTurn(): Turn {
  return newTurn('t1', 'Hello', PLAYGROUND_MODELS);
}

describe('applyEvent', () => {
  it('appends deltas and reasoning to their own column only', () => {
    let turn = playgroundTurn();
    turn = applyEvent(turn, { type: 'delta', text: 'Hi', column: GPT }, FALLBACK);
    turn = applyEvent(turn, { type: 'delta', text: ' there', column: GPT }, FALLBACK);
    turn = applyEvent(turn, { type: 'reasoning', text: 'think', column: CLAUDE }, FALLBACK);
    expect(turn.replies[GPT]).toMatchObject({ text: 'Hi there', status: 'streaming' });
    expect(turn.replies[CLAUDE]).toMatchObject({ text: '', reasoning: 'think' });
    expect(turn.replies[GEMINI]?.text).toBe('');
  });

  it('ends one column with its failure words while the others keep streaming', () => {
    let turn = playgroundTurn();
    turn = applyEvent(
      turn,
      { type: 'column', column: GEMINI, status: 'failed', error: 'Provider down' },
      FALLBACK,
    );
    expect(turn.replies[GEMINI]).toMatchObject({ status: 'failed', error: 'Provider down' });
    expect(isStreaming(turn)).toBe(true);
    turn = applyEvent(turn, { type: 'column', column: CLAUDE, status: 'failed' }, FALLBACK);
    expect(turn.replies[CLAUDE]?.error).toBe(FALLBACK);
  });

  it('settles every column on done, by the per-column statuses when given', () => {
    let turn = applyEvent(playgroundTurn(), { type: 'delta', text: 'partial', column: GPT }, FALLBACK);
    turn = applyEvent(
      turn,
      {
        type: 'done',
        status: 'stopped',
        remainingCredits: 45,
        columns: { [GPT]: 'stopped', [GEMINI]: 'done', [CLAUDE]: 'done', [DEEPSEEK]: 'failed' },
      },
      FALLBACK,
    );
    expect(turn.replies[GPT]).toMatchObject({ status: 'stopped', text: 'partial' });
    expect(turn.replies[GEMINI]?.status).toBe('done');
    expect(turn.replies[DEEPSEEK]).toMatchObject({ status: 'failed', error: FALLBACK });
    expect(isStreaming(turn)).toBe(false);
  });

  it('fails what is still streaming on an error event, keeping ended columns', () => {
    let turn = applyEvent(playgroundTurn(), { type: 'column', column: GPT, status: 'done' }, FALLBACK);
    turn = applyEvent(
      turn,
      { type: 'error', error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' },
      FALLBACK,
    );
    expect(turn.replies[GPT]?.status).toBe('done');
    expect(turn.replies[CLAUDE]).toMatchObject({ status: 'failed', error: 'Insufficient credits' });
  });

  it('fills the single reply of a reasoning turn', () => {
    let turn = newTurn('r', 'Why?', [SINGLE]);
    turn = applyEvent(turn, { type: 'reasoning', text: 'Because' }, FALLBACK);
    turn = applyEvent(turn, { type: 'delta', text: 'Answer' }, FALLBACK);
    turn = applyEvent(turn, { type: 'done', status: 'completed', remainingCredits: 44 }, FALLBACK);
    expect(turn.replies[SINGLE]).toEqual({
      text: 'Answer',
      reasoning: 'Because',
      status: 'done',
      citations: [],
      local: false,
    });
    expect(failTurn(turn, 'x').replies[SINGLE]?.status).toBe('done');
  });
});

describe('turnsFromMessages', () => {
  it('groups stored playground answers under their question by model, with status, reasoning and error', () => {
    const turns = turnsFromMessages(
      [
        message({ role: 'user', content: 'Hello' }),
        message({ model_name: GPT, content: 'Hi from GPT', status: 'completed', reply_id: REPLY }),
        message({ model_name: GEMINI, content: '', status: 'failed', error: 'Gemini failed' }),
        message({ model_name: CLAUDE, content: 'Hi', status: 'stopped' }),
        message({ model_name: DEEPSEEK, content: 'Hm', reasoning: 'thinking', status: 'streaming' }),
        message({ model_name: 'someone/else', content: 'ignored' }),
      ],
      PLAYGROUND_MODELS,
      FALLBACK,
    );
    expect(turns).toHaveLength(1);
    const [turn] = turns;
    expect(turn?.prompt).toBe('Hello');
    expect(turn?.replyId).toBe(REPLY);
    expect(turn?.replies[GPT]).toMatchObject({ text: 'Hi from GPT', status: 'done' });
    expect(turn?.replies[GEMINI]).toMatchObject({ status: 'failed', error: 'Gemini failed' });
    expect(turn?.replies[CLAUDE]?.status).toBe('stopped');
    expect(turn?.replies[DEEPSEEK]).toMatchObject({ reasoning: 'thinking', status: 'streaming' });
    expect(Object.keys(turn?.replies ?? {})).toHaveLength(4);
  });

  it('shows a missing answer of the last turn as still coming, of an earlier turn as never received', () => {
    const turns = turnsFromMessages(
      [message({ role: 'user', content: 'One' }), message({ role: 'user', content: 'Two' })],
      null,
      FALLBACK,
    );
    expect(turns[0]?.replies[SINGLE]).toMatchObject({
      status: 'failed',
      error: ERROR_TEXTS.chat.noAnswerReceived,
    });
    expect(turns[1]?.replies[SINGLE]?.status).toBe('streaming');
  });
});

describe('keepShownText', () => {
  const shown = (text: string): Turn => ({
    ...applyEvent(
      newTurn('local-1', 'Hello', [SINGLE]),
      { type: 'start', sessionId: SESSION, messageId: REPLY },
      FALLBACK,
    ),
    replies: { [SINGLE]: { ...streamingReply(), text, reasoning: 'Why' } },
  });
  const stored = (content: string, status: ChatMessage['status']) =>
    turnsFromMessages(
      [message({ role: 'user', content: 'Hello' }), message({ content, status, reply_id: REPLY })],
      null,
      FALLBACK,
    )[0]!;

  it('keeps the longer text already shown while the stored reply is still being written', () => {
    const turn = keepShownText(shown('Half an answer'), stored('Half', 'streaming'));
    expect(turn.replies[SINGLE]).toMatchObject({
      text: 'Half an answer',
      reasoning: 'Why',
      status: 'streaming',
    });
    expect(keepShownText(shown('Half'), stored('Half an answer', 'streaming')).replies[SINGLE]?.text).toBe(
      'Half an answer',
    );
  });

  it('shows the stored text once the reply has ended, and ignores another reply', () => {
    expect(keepShownText(shown('Half an answer'), stored('Half', 'stopped')).replies[SINGLE]).toMatchObject({
      text: 'Half',
      status: 'stopped',
    });
    const other = { ...stored('New', 'streaming'), replyId: '00000000-0000-4000-8000-0000000000bb' };
    expect(keepShownText(shown('Half an answer'), other).replies[SINGLE]?.text).toBe('New');
  });
});

describe('conversationHistories', () => {
  it('gives each model the questions and only its own usable answers', () => {
    let turn = playgroundTurn();
    turn = applyEvent(turn, { type: 'delta', text: 'GPT says hi', column: GPT }, FALLBACK);
    turn = applyEvent(turn, { type: 'column', column: GEMINI, status: 'failed' }, FALLBACK);
    turn = applyEvent(turn, { type: 'done', status: 'completed', remainingCredits: 45 }, FALLBACK);
    const histories = conversationHistories([turn], PLAYGROUND_MODELS);
    expect(histories[GPT]).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'GPT says hi' },
    ]);
    expect(histories[GEMINI]).toEqual([{ role: 'user', content: 'Hello' }]);
    expect(histories[CLAUDE]).toEqual([{ role: 'user', content: 'Hello' }]);
  });

  it('keeps at most the contract limit of entries per model', () => {
    const turns = Array.from({ length: 40 }, (_, i) => {
      const turn = newTurn(`t${i}`, `q${i}`, PLAYGROUND_MODELS);
      return applyEvent(
        applyEvent(turn, { type: 'delta', text: `a${i}`, column: GPT }, FALLBACK),
        { type: 'done', status: 'completed', remainingCredits: 1 },
        FALLBACK,
      );
    });
    const history = conversationHistories(turns, PLAYGROUND_MODELS)[GPT] ?? [];
    expect(history).toHaveLength(50);
    expect(history.at(-1)).toEqual({ role: 'assistant', content: 'a39' });
  });
});

describe('chargeNote (docs/charges.md)', () => {
  const single = () => newTurn('s1', 'Hi', [SINGLE]);
  const run = (turn: Turn, ...events: Parameters<typeof applyEvent>[1][]) =>
    events.reduce((current, event) => applyEvent(current, event, FALLBACK), turn);

  it('says nothing while a reply streams or once it completed', () => {
    expect(chargeNote(single(), SINGLE)).toBeUndefined();
    const done = run(
      single(),
      { type: 'delta', text: 'Hello' },
      { type: 'done', status: 'completed', remainingCredits: 48 },
    );
    expect(chargeNote(done, SINGLE)).toBeUndefined();
  });

  it('says a failed reply was not charged, even after words arrived', () => {
    const broke = run(
      single(),
      { type: 'delta', text: 'partial ' },
      { type: 'error', error: FALLBACK, code: 'PROVIDER_FAILED', remainingCredits: 50 },
    );
    expect(broke.replies[SINGLE]).toMatchObject({ status: 'failed', text: 'partial ', error: FALLBACK });
    expect(chargeNote(broke, SINGLE)).toBe(UI_TEXTS.chat.notCharged);
  });

  it('says a stop after words is charged, a stop before any is not, and keeps the time-limit note', () => {
    const cut = run(
      single(),
      { type: 'delta', text: 'w0 ' },
      { type: 'done', status: 'stopped', remainingCredits: 48, error: UI_TEXTS.chat.stoppedAtTimeLimit },
    );
    expect(cut.replies[SINGLE]).toMatchObject({ status: 'stopped', error: UI_TEXTS.chat.stoppedAtTimeLimit });
    expect(chargeNote(cut, SINGLE)).toBe(UI_TEXTS.chat.chargedStopped);
    const early = run(single(), { type: 'done', status: 'stopped', remainingCredits: 50 });
    expect(early.replies[SINGLE]?.error).toBeUndefined();
    expect(chargeNote(early, SINGLE)).toBe(UI_TEXTS.chat.notCharged);
  });

  it('judges a playground column by its turn: charged when another column answered, free when all failed', () => {
    const mixed = run(
      playgroundTurn(),
      { type: 'delta', text: 'ok', column: GPT },
      { type: 'column', column: GEMINI, status: 'failed', error: ERROR_TEXTS.chat.sendMessageDot },
      {
        type: 'done',
        status: 'completed',
        remainingCredits: 45,
        columns: { [GPT]: 'done', [GEMINI]: 'failed', [CLAUDE]: 'failed', [DEEPSEEK]: 'failed' },
      },
    );
    expect(chargeNote(mixed, GPT)).toBeUndefined();
    expect(chargeNote(mixed, GEMINI)).toBe(UI_TEXTS.chat.playgroundColumnFailed);
    const allFailed = run(
      playgroundTurn(),
      { type: 'delta', text: 'half', column: GPT },
      { type: 'error', error: FALLBACK, code: 'PROVIDER_FAILED', remainingCredits: 50 },
    );
    for (const column of PLAYGROUND_MODELS)
      expect(chargeNote(allFailed, column)).toBe(UI_TEXTS.chat.notCharged);
  });
});
