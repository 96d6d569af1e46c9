// Deep Search by address (docs/product-rules.md#resume): a research run puts its session in the address
// (`?session=<id>`), a page loaded with it opens that report, and a report still being written is followed by its
// reply id, live, to its end.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEEP_SEARCH_TEXTS, ERROR_TEXTS, type ChatFollowEvent } from '@act/contracts';
import { fakeEventStream, json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage } from '../test-support/chat-host';
import { emit, renderChatPage } from '../test-support/chat-page';
import { DeepSearchPage } from './deep-search-page';

const SEND = '/api/chat/deep-search';
const MESSAGES = '/api/chat/deep-search-messages';
const FOLLOW = `/api/chat/replies/${REPLY_ID}`;
const T = DEEP_SEARCH_TEXTS;
const PAGE_A = 'https://tides.example.org/why';

afterEach(cleanup);

function setup(address = '/tools/deep-search') {
  const test = renderChatPage(DeepSearchPage, {
    address,
    toolId: 'deep-search',
    sessionsPath: '/api/chat/deep-search-sessions',
    sendPath: SEND,
  });
  test.on('GET /api/chat/deep-search/status', () =>
    json({ success: true, available: true, search: true, llm: true }),
  );
  return test;
}

const question = makeMessage({ role: 'user', content: 'Why are there tides?' });
const addressed = () => new URLSearchParams(window.location.search).get('session');

describe('Deep Search by address', () => {
  it('puts a new run in the address once it started, and New research takes it out', async () => {
    const test = setup();
    const stream = test.nextReply();
    await test.user.type(screen.getByLabelText(T.questionLabel), 'Why are there tides?');
    await test.user.click(screen.getByRole('button', { name: T.research(4) }));
    await emit(stream, { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID });
    expect(addressed()).toBe(SESSION_ID);
    expect(window.location.pathname).toBe('/tools/deep-search');
    await emit(
      stream,
      { type: 'delta', text: 'The Moon.' },
      { type: 'done', status: 'completed', remainingCredits: 46 },
    );
    stream.close();
    await screen.findByRole('button', { name: T.copy });
    await test.user.click(screen.getByRole('button', { name: T.newResearch }));
    await waitFor(() => expect(addressed()).toBeNull());
  });

  it('opens the report the address names when the page loads', async () => {
    const test = setup(`/tools/deep-search?session=${SESSION_ID}`);
    test.on(`GET ${MESSAGES}`, () =>
      json({
        success: true,
        messages: [
          question,
          makeMessage({
            content: 'The Moon pulls the seas [1].',
            status: 'completed',
            reply_id: REPLY_ID,
            citations: [{ url: PAGE_A, title: 'Tides' }],
          }),
        ],
      }),
    );
    const report = await screen.findByRole('article', { name: T.reportLabel });
    expect(within(report).getByRole('heading', { name: 'Why are there tides?' })).toBeTruthy();
    expect((within(report).getByRole('link', { name: /Source 1/ }) as HTMLAnchorElement).href).toBe(PAGE_A);
    const read = new URL(test.requestsTo('GET', MESSAGES)[0]!.url, 'http://x');
    expect(read.searchParams.get('sessionId')).toBe(SESSION_ID);
    expect(addressed()).toBe(SESSION_ID);
    // A finished report is not followed.
    expect(test.requestsTo('GET', FOLLOW)).toHaveLength(0);
  });

  it('follows a report still being written live to its end, by its reply id', async () => {
    const follow = fakeEventStream<ChatFollowEvent>();
    const test = setup(`/tools/deep-search?session=${SESSION_ID}`);
    test.on(`GET ${MESSAGES}`, () =>
      json({
        success: true,
        messages: [question, makeMessage({ content: 'The Moon', status: 'streaming', reply_id: REPLY_ID })],
      }),
    );
    test.on(`GET ${FOLLOW}`, () => follow.response);
    await screen.findByText(T.stillWriting);
    await waitFor(() => expect(test.requestsTo('GET', FOLLOW)).toHaveLength(1));
    // The follower sends the whole text so far (replacing what was shown), then the rest as it is written.
    follow.send({ type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID });
    follow.send({ type: 'delta', text: 'The Moon pulls' });
    follow.send({ type: 'sources', citations: [{ url: PAGE_A, title: 'Tides' }] });
    follow.send({ type: 'delta', text: ' the seas [1].' });
    follow.send({ type: 'done', status: 'completed', remainingCredits: 46 });
    follow.close();
    const report = await screen.findByRole('article', { name: T.reportLabel });
    await waitFor(() => expect(report.textContent).toContain('The Moon pulls the seas [1].'));
    expect(report.textContent).not.toContain('The MoonThe Moon');
    expect(screen.queryByText(T.stillWriting)).toBeNull();
    expect(within(report).getByRole('button', { name: T.copy })).toBeTruthy();
    expect(test.onCreditsChange).toHaveBeenLastCalledWith(46);
    // Followed, not polled: the report was read once.
    expect(test.requestsTo('GET', MESSAGES)).toHaveLength(1);
  });

  it('says so when the addressed report is not the member’s (the server answers 404)', async () => {
    const test = setup(`/tools/deep-search?session=${SESSION_ID}`);
    test.on(`GET ${MESSAGES}`, () =>
      json({ success: false, error: ERROR_TEXTS.server.notFound, code: 'NOT_FOUND' }, 404),
    );
    expect(await screen.findByText(ERROR_TEXTS.server.notFound)).toBeTruthy();
    expect(screen.queryByRole('article', { name: T.reportLabel })).toBeNull();
  });
});
