import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, LANGUAGES, UI_TEXTS, type YoutubeStreamEvent } from '@act/contracts';
import { clearAnnouncements, getAnnouncements } from '@act/host-sdk';
import { createRoutedTestHost, fakeEventStream, json } from '@act/host-sdk/testing';
import { AskPanel } from '../components/ask-panel';
import { VIDEO_ID, WATCH_URL } from '../test-support/youtube-host';
import { SummarizerPage } from './summarizer-page';

afterEach(cleanup);

const SUMMARIZE = 'POST /api/youtube/summarize-youtube';
const T = UI_TEXTS.youtube;
const VIDEO_INFO = { title: 'How rivers shape valleys', duration: '12:34' };
const SESSION_ID = '0b6c1f7e-3a52-4d38-9c3e-5f0e1d2c4b6a';

function setup(options: { credits?: number } = {}) {
  const test = createRoutedTestHost({ toolId: 'youtube-summarizer', ...options });
  const user = userEvent.setup();
  render(<SummarizerPage host={test.host} />);
  const urlField = () => screen.getByLabelText<HTMLInputElement>('YouTube URL');
  const runButton = () =>
    screen.getByRole('button', { name: /Summarize \(4 credits\)|Insufficient Credits|Processing/ });
  const clearAll = () => screen.getByRole('button', { name: 'Clear All' });
  return { ...test, user, urlField, runButton, clearAll };
}

/** The summary pane's text once the summary shows. */
async function summaryText() {
  return screen.findByLabelText('Summary', { selector: 'div' });
}

describe('YouTube Summarizer screen', () => {
  it('needs a link, and 4 credits, before Summarize can be pressed', async () => {
    const { user, urlField, runButton } = setup({ credits: 3 });
    expect(runButton().textContent).toBe('Summarize (4 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    await user.type(urlField(), WATCH_URL);
    expect(runButton().textContent).toBe('Insufficient Credits');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['a look-alike host', `https://www.youtube.com.evil.test/watch?v=${VIDEO_ID}`],
    ['an id of another length', 'https://www.youtube.com/watch?v=short'],
    ['a channel page', 'https://www.youtube.com/@channel'],
  ])('refuses %s with the spec text and calls nothing', async (_name, link) => {
    const { user, urlField, runButton, requests } = setup();
    await user.type(urlField(), link);
    await user.click(runButton());
    expect(screen.getByText('Please enter a valid YouTube URL')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('streams the summary in: video title and duration first, then the text, then the new balance', async () => {
    const { user, urlField, runButton, clearAll, on, requests, onCreditsChange } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    await user.type(urlField(), `https://www.youtube.com/embed/${VIDEO_ID}`);
    await user.click(runButton());
    expect(runButton().textContent).toContain('Processing...');
    expect(urlField().disabled).toBe(true);
    expect(clearAll().hasAttribute('disabled')).toBe(true);
    expect(requests[0]!.headers.accept).toBe('text/event-stream');
    expect(requests[0]!.body).toEqual({
      videoUrl: `https://www.youtube.com/embed/${VIDEO_ID}`,
      toolName: 'youtube-summarizer',
    });

    stream.send({
      type: 'start',
      videoId: VIDEO_ID,
      videoInfo: VIDEO_INFO,
      source: 'transcript',
      local: false,
    });
    const video = await screen.findByRole('region', { name: T.videoInfoTitle });
    expect(within(video).getByText('How rivers shape valleys')).toBeTruthy();
    expect(within(video).getByText('12:34')).toBeTruthy();
    expect(within(video).getByText('Title')).toBeTruthy();
    expect(within(video).getByText('Duration')).toBeTruthy();

    stream.send({ type: 'delta', text: 'Rivers cut valleys slowly.' });
    expect((await summaryText()).textContent).toBe('Rivers cut valleys slowly.');
    stream.send({ type: 'delta', text: '\n\n- 1:05 Glaciers **widen** them.' });
    expect((await screen.findByText('widen')).tagName).toBe('STRONG');
    const moment = screen.getByRole('link', { name: 'Open the video at 1:05' });
    expect(moment.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=65s`);
    expect(moment.getAttribute('target')).toBe('_blank');
    expect(onCreditsChange).not.toHaveBeenCalled();

    stream.send({
      type: 'done',
      sessionId: SESSION_ID,
      summary: 'Rivers cut valleys slowly.\n\n- 1:05 Glaciers widen them.\n- 1:02:03 The end.',
      videoInfo: VIDEO_INFO,
      chapters: { source: 'video', items: [] },
      remainingCredits: 46,
    });
    stream.close();
    await screen.findByRole('link', { name: 'Open the video at 1:02:03' });
    expect(screen.getByRole('link', { name: 'Open the video at 1:02:03' }).getAttribute('href')).toBe(
      `https://www.youtube.com/watch?v=${VIDEO_ID}&t=3723s`,
    );
    await screen.findByRole('button', { name: 'Summarize (4 credits)' });
    expect(onCreditsChange).toHaveBeenCalledWith(46);
    expect(screen.getByRole('button', { name: 'Copy' }).hasAttribute('disabled')).toBe(false);
  });

  it('summarizes in the video\'s language by default: the choice shows "Same as the video" and no language is sent', async () => {
    const { user, urlField, runButton, on, requests } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    const choice = screen.getByRole('combobox', { name: 'Summary language' });
    expect(choice.textContent).toContain('Same as the video');
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    expect(requests[0]!.body).toEqual({ videoUrl: WATCH_URL, toolName: 'youtube-summarizer' });
    expect(requests[0]!.body).not.toHaveProperty('language');
    expect(choice.hasAttribute('disabled')).toBe(true);
    stream.close();
  });

  it('sends the chosen summary language', async () => {
    const { user, urlField, runButton, on, requests } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    await user.click(screen.getByRole('combobox', { name: 'Summary language' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Same as the video', ...LANGUAGES]);
    await user.click(screen.getByRole('option', { name: 'Spanish' }));
    expect(screen.getByRole('combobox', { name: 'Summary language' }).textContent).toContain('Spanish');
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    expect(requests[0]!.body).toEqual({
      videoUrl: WATCH_URL,
      toolName: 'youtube-summarizer',
      language: 'Spanish',
    });
    stream.close();
  });

  it("shows the stream's error event and keeps the balance (nothing charged)", async () => {
    const { user, urlField, runButton, on, onCreditsChange } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    stream.send({ type: 'error', error: ERROR_TEXTS.youtube.videoUnavailable, code: 'PROVIDER_FAILED' });
    stream.close();
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_TEXTS.youtube.videoUnavailable);
    expect(onCreditsChange).not.toHaveBeenCalled();
    expect(screen.getByText(T.summaryPlaceholder)).toBeTruthy();
  });

  it('shows a refusal in the server words, and the spec fallback when the connection fails', async () => {
    const { user, urlField, runButton, on } = setup();
    on(SUMMARIZE, () =>
      json(
        {
          success: false,
          error: ERROR_TEXTS.validation.insufficientCreditsYoutube,
          code: 'INSUFFICIENT_CREDITS',
        },
        402,
      ),
    );
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient credits. 4 credits required.');

    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    await user.click(runButton());
    stream.send({
      type: 'start',
      videoId: VIDEO_ID,
      videoInfo: VIDEO_INFO,
      source: 'transcript',
      local: false,
    });
    stream.fail();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to summarize video');
  });

  it('Clear All empties the link, the video info, the summary and the error', async () => {
    const { user, urlField, runButton, clearAll, on } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    expect(clearAll().hasAttribute('disabled')).toBe(true);
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    stream.send({
      type: 'start',
      videoId: VIDEO_ID,
      videoInfo: VIDEO_INFO,
      source: 'transcript',
      local: false,
    });
    stream.send({
      type: 'done',
      sessionId: SESSION_ID,
      summary: 'A short summary.',
      videoInfo: VIDEO_INFO,
      chapters: { source: 'local', items: [] },
      remainingCredits: 46,
    });
    stream.close();
    await screen.findByText('A short summary.');
    await user.click(clearAll());
    expect(urlField().value).toBe('');
    expect(screen.queryByText('A short summary.')).toBeNull();
    expect(screen.queryByText('How rivers shape valleys')).toBeNull();
    expect(screen.getByText(T.summaryPlaceholder)).toBeTruthy();
    expect(clearAll().hasAttribute('disabled')).toBe(true);
  });

  it('shows the chapters under the summary: each moment opens the video at its t=, and its link can be copied', async () => {
    const { user, urlField, runButton, on } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    stream.send({
      type: 'start',
      videoId: VIDEO_ID,
      videoInfo: VIDEO_INFO,
      source: 'transcript',
      local: false,
    });
    stream.send({ type: 'delta', text: 'Rivers cut valleys.' });
    expect(screen.queryByRole('region', { name: T.chaptersTitle })).toBeNull();
    const url = (s: number) => `https://www.youtube.com/watch?v=${VIDEO_ID}&t=${s}s`;
    stream.send({
      type: 'done',
      sessionId: SESSION_ID,
      summary: 'Rivers cut valleys.',
      videoInfo: VIDEO_INFO,
      chapters: {
        source: 'ai',
        items: [
          { title: 'Rivers', gist: 'Water wears rock away.', startSeconds: 0, url: url(0) },
          { title: 'Glaciers', gist: 'Ice widens the valley.', startSeconds: 3723, url: url(3723) },
        ],
      },
      remainingCredits: 46,
    });
    stream.close();
    const chapters = await screen.findByRole('region', { name: T.chaptersTitle });
    expect(within(chapters).getByText(T.chapterSourceNote.ai)).toBeTruthy();
    const items = within(chapters).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByText('Glaciers')).toBeTruthy();
    expect(within(items[1]!).getByText('Ice widens the valley.')).toBeTruthy();
    const moment = within(items[1]!).getByRole('link', { name: T.keyMomentLabel('1:02:03') });
    expect(moment.textContent).toBe('1:02:03');
    expect(moment.getAttribute('href')).toBe(url(3723));
    expect(moment.getAttribute('target')).toBe('_blank');
    await user.click(within(items[1]!).getByRole('button', { name: T.copyChapterLink('1:02:03') }));
    expect(await navigator.clipboard.readText()).toBe(url(3723));
    expect(within(items[1]!).getByRole('button', { name: T.chapterLinkCopied })).toBeTruthy();
  });

  it('shows the transcript (free, its own language): collapsed, searchable, and downloadable as .txt and .srt', async () => {
    const { user, urlField, runButton, on, requests } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    on('GET /api/youtube/transcript', (request) =>
      request.url.includes('format=json')
        ? json({
            success: true,
            videoId: VIDEO_ID,
            language: 'es',
            lines: [
              { startMs: 1000, text: 'Bienvenidos a Costa Rica.' },
              { startMs: 65000, text: 'Los volcanes y las playas son hermosos.' },
            ],
          })
        : request.url.includes('format=srt')
          ? new Response('1\n00:00:01,000 --> 00:01:05,000\nBienvenidos\n', {
              headers: { 'content-type': 'application/x-subrip; charset=utf-8' },
            })
          : json({ success: false, error: ERROR_TEXTS.youtube.transcriptTooLong }, 413),
    );
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    stream.send({
      type: 'start',
      videoId: VIDEO_ID,
      videoInfo: VIDEO_INFO,
      source: 'transcript',
      local: false,
    });
    const card = await screen.findByRole('region', { name: T.transcriptTitle });
    const transcriptCall = requests.find((r) => r.url.startsWith('/api/youtube/transcript'))!;
    expect(transcriptCall.method).toBe('GET');
    expect(transcriptCall.url).toBe(
      `/api/youtube/transcript?videoUrl=${encodeURIComponent(WATCH_URL)}&format=json`,
    );
    // Collapsed until opened.
    const details = card.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.click(within(card).getByText(T.transcriptTitle));
    expect(details.open).toBe(true);
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    const moment = within(card).getByRole('link', { name: T.keyMomentLabel('1:05') });
    expect(moment.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=65s`);
    await user.type(within(card).getByLabelText(T.transcriptSearchLabel), 'VOLCANES playas');
    await vi.waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
    expect(within(card).getByText(T.transcriptMatches(1, 2))).toBeTruthy();
    await user.type(within(card).getByLabelText(T.transcriptSearchLabel), ' nieve');
    expect(await within(card).findByText(T.transcriptNoMatch)).toBeTruthy();

    const clicked: string[] = [];
    const originalClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:transcript');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    try {
      await user.click(within(card).getByRole('button', { name: T.downloadTranscript('srt') }));
      await vi.waitFor(() => expect(clicked).toEqual([`${VIDEO_ID}-transcript.srt`]));
      expect(requests.at(-1)!.url).toBe(
        `/api/youtube/transcript?videoUrl=${encodeURIComponent(WATCH_URL)}&format=srt`,
      );
      // A refused download says why, in the server's words.
      await user.click(within(card).getByRole('button', { name: T.downloadTranscript('txt') }));
      expect((await within(card).findByRole('alert')).textContent).toBe(
        ERROR_TEXTS.youtube.transcriptTooLong,
      );
      expect(clicked).toHaveLength(1);
    } finally {
      HTMLAnchorElement.prototype.click = originalClick;
      vi.restoreAllMocks();
    }
    stream.close();
  });

  it('shows no transcript when the summary is based on the description', async () => {
    const { user, urlField, runButton, on, requests } = setup();
    const stream = fakeEventStream<YoutubeStreamEvent>();
    on(SUMMARIZE, () => stream.response);
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    stream.send({
      type: 'start',
      videoId: VIDEO_ID,
      videoInfo: VIDEO_INFO,
      source: 'description',
      local: true,
    });
    stream.send({ type: 'delta', text: 'From the description.' });
    await summaryText();
    expect(screen.queryByRole('region', { name: T.transcriptTitle })).toBeNull();
    expect(requests.some((r) => r.url.startsWith('/api/youtube/transcript'))).toBe(false);
    stream.close();
  });
});

describe('Ask this video', () => {
  const ASK = `POST /api/youtube/sessions/${SESSION_ID}/questions`;
  const momentUrl = (s: number) => `https://www.youtube.com/watch?v=${VIDEO_ID}&t=${s}s`;

  /** A summary made from the transcript (by the AI unless `local`), saved as SESSION_ID. */
  async function summarized(test: ReturnType<typeof setup>, local = false) {
    const stream = fakeEventStream<YoutubeStreamEvent>();
    test.on(SUMMARIZE, () => stream.response);
    await test.user.type(test.urlField(), WATCH_URL);
    await test.user.click(test.runButton());
    stream.send({ type: 'start', videoId: VIDEO_ID, videoInfo: VIDEO_INFO, source: 'transcript', local });
    stream.send({
      type: 'done',
      sessionId: SESSION_ID,
      summary: 'Rivers cut valleys.',
      videoInfo: VIDEO_INFO,
      chapters: { source: 'local', items: [] },
      remainingCredits: 46,
    });
    stream.close();
    return screen.findByRole('region', { name: T.askTitle });
  }

  it('answers a question with the moments it cites as timestamp links (2 credits), announced, and copies a link', async () => {
    const test = setup();
    const panel = await summarized(test);
    const ask = within(panel).getByRole('button', { name: 'Ask (2 credits)' });
    // Nothing asked without a question.
    await test.user.click(ask);
    expect(within(panel).getByRole('alert').textContent).toBe(ERROR_TEXTS.validation.enterYourQuestion);
    expect(test.requestsTo('POST', `/api/youtube/sessions/${SESSION_ID}/questions`)).toHaveLength(0);

    test.on(ASK, () =>
      json({
        success: true,
        id: 'a1',
        question: 'How do glaciers change them?',
        answer: 'Ice **widens** them [1], long after the river [2].',
        citations: [
          { n: 1, start: 3723, end: 3760, quote: 'Ice widens the valley.', url: momentUrl(3723) },
          { n: 2, start: 27, quote: 'The river cuts down first.', url: momentUrl(27) },
        ],
        createdAt: '2026-11-26T12:00:00.000Z',
        remainingCredits: 44,
      }),
    );
    clearAnnouncements();
    await test.user.type(within(panel).getByLabelText(T.askLabel), 'How do glaciers change them?{Enter}');
    expect(await within(panel).findByText('How do glaciers change them?')).toBeTruthy();
    expect(test.requestsTo('POST', `/api/youtube/sessions/${SESSION_ID}/questions`)[0]!.body).toEqual({
      question: 'How do glaciers change them?',
      toolName: 'youtube-summarizer',
    });
    expect(within(panel).getByText('widens').tagName).toBe('STRONG');
    // Each [n] in the answer, and each cited moment under it, opens the video at that moment.
    const [inline] = within(panel).getAllByRole('link', { name: T.keyMomentLabel('1:02:03') });
    expect(inline!.textContent).toBe('[1]');
    expect(inline!.getAttribute('href')).toBe(momentUrl(3723));
    const moments = within(panel).getAllByRole('link', { name: T.keyMomentLabel('0:27') });
    expect(moments.map((a) => a.getAttribute('href'))).toEqual([momentUrl(27), momentUrl(27)]);
    expect(moments.at(-1)!.textContent).toBe('0:27');
    expect(moments.at(-1)!.getAttribute('target')).toBe('_blank');
    expect(within(panel).getByText('Ice widens the valley.')).toBeTruthy();
    expect(test.onCreditsChange).toHaveBeenCalledWith(44);
    expect(getAnnouncements().map((a) => a.message)).toContain(UI_TEXTS.announce.resultReady);
    expect(within(panel).getByLabelText<HTMLInputElement>(T.askLabel).value).toBe('');

    await test.user.click(within(panel).getByRole('button', { name: T.copyMomentLink('1:02:03') }));
    expect(await navigator.clipboard.readText()).toBe(momentUrl(3723));
  });

  it('shows a failed answer in the server words and keeps the question and the balance', async () => {
    const test = setup();
    const panel = await summarized(test);
    test.on(ASK, () =>
      json({ success: false, error: ERROR_TEXTS.youtube.askFailed, code: 'PROVIDER_FAILED' }, 502),
    );
    await test.user.type(within(panel).getByLabelText(T.askLabel), 'Why?');
    await test.user.click(within(panel).getByRole('button', { name: 'Ask (2 credits)' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(ERROR_TEXTS.youtube.askFailed);
    expect(within(panel).getByLabelText<HTMLInputElement>(T.askLabel).value).toBe('Why?');
    expect(test.onCreditsChange).toHaveBeenCalledTimes(1);
  });

  it('says before the member types that questions need an AI provider when the summary was made locally', async () => {
    const test = setup();
    const panel = await summarized(test, true);
    expect(within(panel).getByText(ERROR_TEXTS.youtube.askNeedsProviderKey)).toBeTruthy();
    expect(within(panel).getByLabelText<HTMLInputElement>(T.askLabel).disabled).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Ask (2 credits)' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('needs 2 credits to ask', async () => {
    const test = createRoutedTestHost({ toolId: 'youtube-summarizer', credits: 1 });
    render(<AskPanel host={test.host} sessionId={SESSION_ID} available />);
    const button = screen.getByRole('button', { name: UI_TEXTS.common.insufficientCredits });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('link', { name: UI_TEXTS.common.seePlans })).toBeTruthy();
  });
});
