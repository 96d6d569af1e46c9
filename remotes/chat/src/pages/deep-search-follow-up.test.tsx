// Deep Search follow-ups on the page (docs/product-rules.md#deep-search): under a delivered report, a follow-up box
// asks in the same session (its sessionId sent); the new report is appended under the earlier one with its citations.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEEP_SEARCH_TEXTS } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { DeepSearchPage } from './deep-search-page';

afterEach(cleanup);

const SEND = '/api/chat/deep-search';
const T = DEEP_SEARCH_TEXTS;
const FOLLOW_REPLY = '11111111-2222-4333-8444-555555555555';

describe('Deep Search follow-ups', () => {
  it('asks a follow-up in the report’s session and appends the new report under the first', async () => {
    const test = renderChatPage(DeepSearchPage, {
      toolId: 'deep-search',
      sessionsPath: '/api/chat/deep-search-sessions',
      sendPath: SEND,
    });
    test.on('GET /api/chat/deep-search/status', () =>
      json({ success: true, available: true, search: true, llm: true }),
    );
    const first = test.nextReply();
    await test.user.type(screen.getByLabelText(T.questionLabel), 'Why are there tides?');
    await test.user.click(screen.getByRole('button', { name: T.research(4) }));
    await emit(
      first,
      { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
      { type: 'sources', citations: [{ url: 'https://tides.example.org/', title: 'Tides' }] },
      { type: 'delta', text: 'The Moon causes tides [1].' },
      { type: 'done', status: 'completed', remainingCredits: 46 },
    );
    first.close();

    const second = test.nextReply();
    await test.user.type(await screen.findByLabelText(T.followUpLabel), 'And the Sun?');
    await test.user.click(screen.getByRole('button', { name: T.followUp(4) }));
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(2));
    expect(test.requestsTo('POST', SEND)[1]!.body).toEqual({
      question: 'And the Sun?',
      toolName: 'deep-search',
      sessionId: SESSION_ID,
    });
    await emit(
      second,
      { type: 'start', sessionId: SESSION_ID, messageId: FOLLOW_REPLY },
      { type: 'sources', citations: [{ url: 'https://sun.example.org/', title: 'The Sun' }] },
      { type: 'delta', text: 'The Sun adds spring tides [1].' },
      { type: 'done', status: 'completed', remainingCredits: 42 },
    );
    second.close();

    const reports = await screen.findAllByRole('article', { name: T.reportLabel });
    expect(reports.map((report) => report.querySelector('h2')?.textContent)).toEqual([
      'Why are there tides?',
      'And the Sun?',
    ]);
    expect(reports[1]!.querySelector('a[href="https://sun.example.org/"]')).not.toBeNull();
    expect(reports[0]!.textContent).toContain('The Moon causes tides');
  });
});
