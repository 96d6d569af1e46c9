// Compare, then fuse or continue (issue 25, docs/product-rules.md#fuse) on the playground screen: the fifth card (a
// fused answer streamed or stored with the session, its "Taken from" list and cost), and "Continue with this model".
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PLAYGROUND_MODELS, PLAYGROUND_MODEL_INFO, UI_TEXTS, type ChatStreamEvent } from '@act/contracts';
import { fakeEventStream, json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { PlaygroundPage } from './playground-page';

const T = UI_TEXTS.chat;

afterEach(cleanup);

const [GPT, GEMINI, CLAUDE, DEEPSEEK] = PLAYGROUND_MODELS;
const FUSE = `/api/chat/sessions/${SESSION_ID}/fuse`;
const FUSED_ID = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';
const FUSED =
  'Tides come from the moon and the sun.\n\n### Taken from\n- GPT-4o Mini: the moon\n- Claude 4 Sonnet: the sun';

function answers() {
  return [
    makeMessage({ role: 'user', content: 'Explain tides' }),
    ...[GPT, GEMINI, CLAUDE, DEEPSEEK].map((model) =>
      makeMessage({
        model_name: model,
        content: `${PLAYGROUND_MODEL_INFO[model].name} says gravity.`,
        status: 'completed',
        reply_id: REPLY_ID,
        credits: 5,
      }),
    ),
  ];
}

/** The playground with a one-turn session opened from the list. */
async function openSession(extra: ReturnType<typeof makeMessage>[] = []) {
  const test = renderChatPage(PlaygroundPage, {
    toolId: 'ai-chat-playground',
    sessionsPath: '/api/chat/sessions',
    sendPath: '/api/chat/send-message',
    credits: 40,
    sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Tides' })]),
  });
  test.on('GET /api/chat/messages', () => json({ success: true, messages: [...answers(), ...extra] }));
  await test.user.click(await screen.findByRole('button', { name: /^Tides/ }));
  await screen.findByText('Claude 4 Sonnet says gravity.');
  return test;
}

describe('AI Chat Playground: fuse', () => {
  it('shows a stored fused answer as a fifth card with what it took from each, not in a column', async () => {
    await openSession([
      makeMessage({
        model_name: CLAUDE,
        content: FUSED,
        status: 'completed',
        reply_id: FUSED_ID,
        fused_from: REPLY_ID,
        credits: 2,
      }),
    ]);
    const card = screen.getByRole('region', { name: T.fusedBy('Claude 4 Sonnet') });
    expect(within(card).getByText('Tides come from the moon and the sun.')).toBeTruthy();
    const taken = within(card).getByRole('list', { name: T.takenFrom });
    expect(
      within(taken)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['GPT-4o Mini — the moon', 'Claude 4 Sonnet — the sun']);
    expect(within(card).getByTestId('reply-cost').textContent).toBe('2 credits');
    // The trailer is not shown as part of the answer, and no column shows the fused answer.
    expect(within(card).queryByText(/### Taken from/)).toBeNull();
    const claude = screen.getByRole('region', { name: 'Claude 4 Sonnet' });
    expect(within(claude).queryByText(/Tides come from the moon/)).toBeNull();
    expect(within(claude).getByText('Claude 4 Sonnet says gravity.')).toBeTruthy();
  });

  it('follows a fuse still being written when the session is opened, until it ends', async () => {
    const follow = fakeEventStream<ChatStreamEvent>();
    const test = renderChatPage(PlaygroundPage, {
      toolId: 'ai-chat-playground',
      sessionsPath: '/api/chat/sessions',
      sendPath: '/api/chat/send-message',
      sessions: sessionsPage([makeSession({ id: SESSION_ID, title: 'Tides' })]),
    });
    test.on(`GET /api/chat/replies/${FUSED_ID}`, () => follow.response);
    test.on('GET /api/chat/messages', () =>
      json({
        success: true,
        messages: [
          ...answers(),
          makeMessage({
            model_name: DEEPSEEK,
            content: 'Tides come',
            status: 'streaming',
            reply_id: FUSED_ID,
            fused_from: REPLY_ID,
          }),
        ],
      }),
    );
    await test.user.click(await screen.findByRole('button', { name: /^Tides/ }));
    const card = await screen.findByRole('region', { name: T.fusedBy('DeepSeek R1') });
    expect(within(card).getByText('Tides come')).toBeTruthy();
    await emit(follow, { type: 'start', sessionId: SESSION_ID, messageId: FUSED_ID });
    await emit(follow, { type: 'delta', text: FUSED });
    await emit(follow, { type: 'done', status: 'completed', remainingCredits: 41 });
    follow.close();
    expect(await within(card).findByText('Tides come from the moon and the sun.')).toBeTruthy();
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(test.onCreditsChange).toHaveBeenCalledWith(41);
  });

  it('streams a fuse from the chosen model, priced on its button, and shows the balance after it', async () => {
    const test = await openSession();
    const stream = fakeEventStream<ChatStreamEvent>();
    test.on(`POST ${FUSE}`, () => stream.response);
    const fuse = screen.getByRole('button', { name: T.fuse(2) });
    await test.user.click(fuse);
    await waitFor(() => expect(test.requestsTo('POST', FUSE)).toHaveLength(1));
    expect(test.requestsTo('POST', FUSE)[0]!.body).toEqual({ replyId: REPLY_ID, model: GPT });

    await emit(stream, { type: 'start', sessionId: SESSION_ID, messageId: FUSED_ID });
    await emit(stream, { type: 'delta', text: FUSED.slice(0, 19) });
    const card = screen.getByRole('region', { name: T.fusedBy('GPT-4o Mini') });
    expect(within(card).getByText(FUSED.slice(0, 19))).toBeTruthy();
    // Stop replaces Fuse while it streams.
    expect(screen.getByRole('button', { name: T.stop })).toBeTruthy();

    await emit(stream, { type: 'delta', text: FUSED.slice(19) });
    await emit(stream, { type: 'done', status: 'completed', remainingCredits: 38 });
    stream.close();
    expect(await within(card).findByText('Tides come from the moon and the sun.')).toBeTruthy();
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).getByTestId('reply-cost').textContent).toBe('2 credits');
    expect(test.onCreditsChange).toHaveBeenCalledWith(38);
    expect(screen.getByRole('button', { name: T.fuse(2) })).toBeTruthy();
  });

  it('says a failed fuse was not charged', async () => {
    const test = await openSession();
    const stream = fakeEventStream<ChatStreamEvent>();
    test.on(`POST ${FUSE}`, () => stream.response);
    await test.user.click(screen.getByRole('button', { name: T.fuse(2) }));
    await emit(stream, { type: 'start', sessionId: SESSION_ID, messageId: FUSED_ID });
    await emit(stream, {
      type: 'error',
      error: 'Failed to fuse the answers. You were not charged.',
      code: 'PROVIDER_FAILED',
      remainingCredits: 40,
    });
    stream.close();
    const card = screen.getByRole('region', { name: T.fusedBy('GPT-4o Mini') });
    expect(within(card).getByRole('alert').textContent).toBe(
      'Failed to fuse the answers. You were not charged.',
    );
    expect(within(card).getByText('No credits were charged for this reply.')).toBeTruthy();
  });

  it('shows a refused fuse (no credits) without a card', async () => {
    const test = await openSession();
    test.on(`POST ${FUSE}`, () =>
      json(
        { success: false, error: 'Insufficient credits. 2 credits required.', code: 'INSUFFICIENT_CREDITS' },
        402,
      ),
    );
    await test.user.click(screen.getByRole('button', { name: T.fuse(2) }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient credits. 2 credits required.');
    expect(screen.queryByTestId('fused-card')).toBeNull();
  });
});

describe('AI Chat Playground: continue with this model', () => {
  it('makes a chat agent session with that model and opens it', async () => {
    const test = await openSession();
    const CONTINUE = `/api/chat/sessions/${SESSION_ID}/continue`;
    const agentSession = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    test.on(`POST ${CONTINUE}`, () =>
      json({
        success: true,
        sessionId: agentSession,
        tool: 'chat-agent',
        modelId: 'anthropic/claude-sonnet-4',
      }),
    );
    const claude = screen.getByRole('region', { name: 'Claude 4 Sonnet' });
    await test.user.click(
      within(claude).getByRole('button', { name: T.continueWithModelLabel('Claude 4 Sonnet') }),
    );
    await waitFor(() =>
      expect(test.navigate).toHaveBeenCalledWith(`/tools/chat-agent?session=${agentSession}`),
    );
    expect(test.requestsTo('POST', CONTINUE)[0]!.body).toEqual({ model: CLAUDE });
  });
});
