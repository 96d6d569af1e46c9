import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEEP_SEARCH_TEXTS, type ChatStreamEvent } from '@act/contracts';
import { json } from '@act/host-sdk/testing';
import { REPLY_ID, SESSION_ID, makeMessage, makeSession, sessionsPage } from '../test-support/chat-host';
import { emit, renderChatPage, type ChatPageSetup } from '../test-support/chat-page';
import { reportMarkdown } from '../deep-search-report';
import { DeepSearchPage } from './deep-search-page';

const SEND = '/api/chat/deep-search';
const SESSIONS = '/api/chat/deep-search-sessions';
const MESSAGES = '/api/chat/deep-search-messages';
const STATUS = '/api/chat/deep-search/status';
const T = DEEP_SEARCH_TEXTS;
const PAGE_A = 'https://tides.example.org/why';
const PAGE_B = 'https://moon.example.net/gravity';
const REPORT =
  'The Moon causes tides [1]. The Sun adds to them [2].\n\n---\n\n**Sources read**\n\n' +
  `1. [Tides](<${PAGE_A}>)\n2. [Moon](<${PAGE_B}>)\n`;

const clicked: string[] = [];
const originalClick = HTMLAnchorElement.prototype.click;

beforeEach(() => {
  clicked.length = 0;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  };
});

afterEach(() => {
  HTMLAnchorElement.prototype.click = originalClick;
  vi.restoreAllMocks();
  cleanup();
});

function setup(
  options: Pick<ChatPageSetup, 'credits' | 'user' | 'sessions'> & { status?: Record<string, boolean> } = {},
) {
  const test = renderChatPage(DeepSearchPage, {
    toolId: 'deep-search',
    sessionsPath: SESSIONS,
    sendPath: SEND,
    ...options,
  });
  test.on(`GET ${STATUS}`, () =>
    json({ success: true, available: true, search: true, llm: true, ...options.status }),
  );
  return test;
}

const questionBox = () => screen.getByLabelText(T.questionLabel) as HTMLTextAreaElement;
const researchButton = () => screen.getByRole('button', { name: T.research(4) });

const ANSWER: ChatStreamEvent[] = [
  { type: 'start', sessionId: SESSION_ID, messageId: REPLY_ID },
  { type: 'step', step: 'planning' },
  { type: 'step', step: 'searching', detail: 'why tides' },
  { type: 'step', step: 'reading', detail: 'tides.example.org' },
  { type: 'step', step: 'writing' },
  { type: 'sources', citations: [{ url: PAGE_A, title: 'Tides' }] },
  { type: 'delta', text: 'The Moon causes tides [1]. ' },
  {
    type: 'sources',
    citations: [
      { url: PAGE_A, title: 'Tides' },
      { url: PAGE_B, title: 'Moon' },
    ],
  },
  { type: 'delta', text: REPORT.slice('The Moon causes tides [1]. '.length) },
];

describe('Deep Search page', () => {
  it('says what is missing before the member types, and does not send', async () => {
    setup({ status: { available: false, search: false } });
    expect(await screen.findByText(T.unavailableSearch)).toBeTruthy();
    expect(researchButton()).toHaveProperty('disabled', true);
  });

  it('streams the steps, renders the cited report, copies and downloads it, and charges once', async () => {
    const test = setup();
    const stream = test.nextReply();
    await test.user.type(questionBox(), 'Why are there tides?');
    await test.user.click(researchButton());
    await waitFor(() => expect(test.requestsTo('POST', SEND)).toHaveLength(1));
    expect(test.requestsTo('POST', SEND)[0]!.body).toEqual({
      question: 'Why are there tides?',
      toolName: 'deep-search',
    });
    await emit(stream, ...ANSWER.slice(0, 4));
    const steps = screen.getByRole('list', { name: T.stepsLabel });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([T.steps.planning, `${T.steps.searching} “why tides”`, `${T.steps.reading} tides.example.org`]);
    expect(screen.getByRole('button', { name: T.stop })).toBeTruthy();
    await emit(stream, ...ANSWER.slice(4), { type: 'done', status: 'completed', remainingCredits: 46 });
    stream.close();

    const report = await screen.findByRole('article', { name: T.reportLabel });
    const cite = within(report).getByRole('link', { name: /Source 1/ }) as HTMLAnchorElement;
    expect(cite.href).toBe(PAGE_A);
    expect((within(report).getByRole('link', { name: /Source 2/ }) as HTMLAnchorElement).href).toBe(PAGE_B);
    expect((within(report).getByRole('link', { name: 'Moon' }) as HTMLAnchorElement).href).toBe(PAGE_B);
    expect(test.onCreditsChange).toHaveBeenLastCalledWith(46);

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await test.user.click(screen.getByRole('button', { name: T.copy }));
    expect(writeText).toHaveBeenCalledWith(REPORT);
    expect(await screen.findByRole('button', { name: T.copied })).toBeTruthy();

    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await test.user.click(screen.getByRole('button', { name: T.download }));
    expect(clicked).toEqual([expect.stringMatching(/^deep-search-\d+\.md$/)]);
    expect(reportMarkdown({ question: 'Why are there tides?', text: REPORT })).toBe(
      `# Why are there tides?\n\n${REPORT.trim()}\n`,
    );
  });

  it('Stop asks the server to stop the report and says it was free', async () => {
    const test = setup();
    test.on('POST /api/chat/stop', () => json({ success: true }));
    const stream = test.nextReply();
    await test.user.type(questionBox(), 'Why are there tides?');
    await test.user.click(researchButton());
    await emit(stream, ...ANSWER.slice(0, 3));
    await test.user.click(screen.getByRole('button', { name: T.stop }));
    await waitFor(() => expect(test.requestsTo('POST', '/api/chat/stop')).toHaveLength(1));
    expect(test.requestsTo('POST', '/api/chat/stop')[0]!.body).toEqual({
      messageId: REPLY_ID,
    });
    await emit(stream, { type: 'done', status: 'stopped', remainingCredits: 50 });
    stream.close();
    expect(await screen.findByText(T.stopped)).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.copy })).toBeNull();
  });

  it('shows a failed report in its own words', async () => {
    const test = setup();
    const stream = test.nextReply();
    await test.user.type(questionBox(), 'Why?');
    await test.user.click(researchButton());
    await emit(
      stream,
      ANSWER[0]!,
      { type: 'step', step: 'planning' },
      { type: 'error', error: T.noSources, code: 'PROVIDER_FAILED', remainingCredits: 50 },
    );
    stream.close();
    expect(await screen.findByText(T.noSources)).toBeTruthy();
  });

  it('reopens a past report from the history, with its citations', async () => {
    const session = makeSession({ id: SESSION_ID, title: 'Why are there tides?' });
    const test = setup({ sessions: sessionsPage([session]) });
    test.on(`GET ${MESSAGES}`, () =>
      json({
        success: true,
        messages: [
          makeMessage({ role: 'user', content: 'Why are there tides?' }),
          makeMessage({
            role: 'assistant',
            content: REPORT,
            status: 'completed',
            citations: [
              { url: PAGE_A, title: 'Tides' },
              { url: PAGE_B, title: 'Moon' },
            ],
          }),
        ],
      }),
    );
    await test.user.click(await screen.findByText('Why are there tides?'));
    const report = await screen.findByRole('article', { name: T.reportLabel });
    expect((within(report).getByRole('link', { name: /Source 1/ }) as HTMLAnchorElement).href).toBe(PAGE_A);
    expect(within(report).getByRole('heading', { name: 'Why are there tides?' })).toBeTruthy();
  });
});
