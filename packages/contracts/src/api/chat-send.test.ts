// The streamed-reply events: one union on `type`, first `start`, last `done` or `error` with the balance, and the
// shared Stop request.
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../errors';
import { API_ROUTES, findEndpoint } from '../routes';
import { ChatStopRequestSchema, ChatStreamEventSchema, EVENT_STREAM } from './chat-send';

const sessionId = '4c2a9e7b-1f3d-4a6c-8b5e-9d0f1a2b3c4d';
const messageId = '9b1f0c3e-2a4d-4e5f-8a6b-7c8d9e0f1a2b';

describe('chat stream events', () => {
  it('parses every event kind of a playground turn', () => {
    const events = [
      { type: 'start', sessionId, messageId, columns: ['openai/gpt-4o', 'x-ai/grok-2'] },
      { type: 'reasoning', text: 'Thinking', column: 'x-ai/grok-2' },
      { type: 'delta', text: 'Hel', column: 'openai/gpt-4o' },
      { type: 'column', column: 'x-ai/grok-2', status: 'failed', error: 'The model could not answer' },
      {
        type: 'done',
        status: 'completed',
        remainingCredits: 45,
        columns: { 'openai/gpt-4o': 'done', 'x-ai/grok-2': 'failed' },
      },
    ];
    expect(events.map((e) => ChatStreamEventSchema.parse(e))).toEqual(events);
  });

  it('ends a failed reply with an error event that names a known code', () => {
    const failed = {
      type: 'error',
      error: ERROR_TEXTS.server.providerFailed,
      code: 'PROVIDER_FAILED',
      remainingCredits: 50,
    };
    expect(ChatStreamEventSchema.parse(failed)).toEqual(failed);
    expect(ChatStreamEventSchema.safeParse({ ...failed, code: 'SOMETHING_ELSE' }).success).toBe(false);
  });

  it('refuses unknown kinds, a start without ids and a done without the balance', () => {
    expect(ChatStreamEventSchema.safeParse({ type: 'ping' }).success).toBe(false);
    expect(ChatStreamEventSchema.safeParse({ type: 'start', sessionId, messageId: 'm1' }).success).toBe(
      false,
    );
    expect(ChatStreamEventSchema.safeParse({ type: 'done', status: 'completed' }).success).toBe(false);
    expect(
      ChatStreamEventSchema.safeParse({ type: 'done', status: 'completed', remainingCredits: -1 }).success,
    ).toBe(false);
    expect(ChatStreamEventSchema.safeParse({ type: 'column', column: 'a', status: 'gone' }).success).toBe(
      false,
    );
  });
});

describe('chat stop', () => {
  it('is one member endpoint for every chat tool, taking the reply id', () => {
    expect(API_ROUTES.chat.stop).toBe('/api/chat/stop');
    const stop = findEndpoint('POST', API_ROUTES.chat.stop);
    expect(stop?.access).toBe('member');
    expect(stop?.request).toBe(ChatStopRequestSchema);
    expect(ChatStopRequestSchema.safeParse({ messageId }).success).toBe(true);
    expect(ChatStopRequestSchema.safeParse({ messageId: 'nope' }).success).toBe(false);
  });

  it('names the event-stream media type once', () => {
    expect(EVENT_STREAM).toBe('text/event-stream');
  });
});
