// docs/architecture.md#status-announcements: a reply grows on screen unread and its end is said once.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UI_TEXTS, getChatModel } from '@act/contracts';
import { clearAnnouncements, getAnnouncements } from '@act/host-sdk';
import { REPLY_ID, SESSION_ID } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { AgentPage } from './agent-page';

beforeEach(clearAnnouncements);
afterEach(cleanup);

const SEND = '/api/chat/chat-agent/send-message';
const said = () => getAnnouncements().map((item) => item.message);

describe('chat reply announcement', () => {
  it('says Reply finished once when the reply is complete, not per delta', async () => {
    const test = renderChatPage(AgentPage, {
      toolId: 'chat-agent',
      sessionsPath: '/api/chat/chat-agent/sessions',
      sendPath: SEND,
      userEvents: { applyAccept: false },
    });
    const model = getChatModel('openai/gpt-4o-mini');
    await test.user.click(
      screen.getByRole('button', { name: new RegExp(`^${model.name.replace(/[()]/g, '\\$&')}`) }),
    );
    await screen.findByPlaceholderText(/Type your message/);
    const stream = test.nextReply();
    await test.user.type(test.input(), 'Hello{Enter}');
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    await emit(
      stream,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'delta', text: 'Hi ' },
      { type: 'delta', text: 'there.' },
    );
    expect(await screen.findByText(/Hi there\./)).toBeTruthy();
    expect(said()).toEqual([]);
    await emit(stream, { type: 'done', status: 'completed', remainingCredits: 48 });
    stream.close();
    await waitFor(() => expect(said()).toEqual([UI_TEXTS.announce.replyFinished]));
  });
});
