import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  getTool,
  LIBRARY_TEXTS,
  PAST_SUMMARIES_TEXTS as T,
  sendToPath,
  UI_TEXTS,
  type VideoSession,
} from '@act/contracts';
import { createRoutedTestHost, json } from '@act/host-sdk/testing';
import { VIDEO_ID, WATCH_URL } from '../test-support/youtube-host';
import { SummarizerWithHistory } from './summarizer-with-history';

afterEach(() => {
  cleanup();
  window.history.replaceState({}, '', '/');
});

const FIRST = '0b6c1f7e-3a52-4d38-9c3e-5f0e1d2c4b6a';
const SECOND = '1c7d2f8e-4b63-4e49-8d4f-6a1f2e3d5c7b';
const past = (id: string, title: string) => ({
  id,
  videoId: VIDEO_ID,
  videoUrl: WATCH_URL,
  title,
  createdAt: '2026-11-20T09:00:00.000Z',
});
const SESSION: VideoSession = {
  id: FIRST,
  videoId: VIDEO_ID,
  videoUrl: WATCH_URL,
  videoInfo: { title: 'How rivers shape valleys', duration: '12:34' },
  summary: 'Rivers carve valleys over millions of years.',
  chapters: {
    source: 'ai',
    items: [{ title: 'Erosion', gist: 'Water wears rock', startSeconds: 0, url: WATCH_URL }],
  },
  source: 'transcript',
  questions: [
    {
      id: 'q1',
      question: 'How long does it take?',
      answer: 'Millions of years.',
      citations: [],
      createdAt: '2026-11-20T09:01:00.000Z',
    },
  ],
  createdAt: '2026-11-20T09:00:00.000Z',
};

function setup(options: { user?: null } = {}) {
  const test = createRoutedTestHost({ toolId: 'youtube-summarizer', ...options });
  test.on('GET /api/youtube/summaries', (request) =>
    request.url.includes('cursor=')
      ? json({ success: true, summaries: [past(SECOND, 'Older video')], nextCursor: null })
      : json({ success: true, summaries: [past(FIRST, 'How rivers shape valleys')], nextCursor: 'next' }),
  );
  test.on(`GET /api/youtube/sessions/${FIRST}`, () => json({ success: true, session: SESSION }));
  test.on(`DELETE /api/youtube/summaries/${FIRST}`, () => json({ success: true }));
  render(<SummarizerWithHistory host={test.host} />);
  return { ...test, user: userEvent.setup() };
}

const list = () => screen.getByRole('region', { name: T.title });

describe('Past summaries on the summarizer page', () => {
  it('lists the member’s summaries, more on request, and reopens one with its chapters and questions', async () => {
    const { user } = setup();
    expect(await within(list()).findByText('How rivers shape valleys')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.loadMore }));
    expect(await within(list()).findByText('Older video')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.openLabel('How rivers shape valleys') }));
    const reopened = await screen.findByRole('region', { name: 'How rivers shape valleys' });
    expect(within(reopened).getByText('Rivers carve valleys over millions of years.')).toBeTruthy();
    expect(within(reopened).getByText('Erosion')).toBeTruthy();
    expect(within(reopened).getByText('How long does it take?')).toBeTruthy();
  });

  it('reopens the summary ?open=<id> names', async () => {
    window.history.replaceState({}, '', `/tools/youtube-summarizer?open=${FIRST}`);
    setup();
    const reopened = await screen.findByRole('region', { name: 'How rivers shape valleys' });
    expect(within(reopened).getByText('Rivers carve valleys over millions of years.')).toBeTruthy();
  });

  it('deletes one only after the confirmation', async () => {
    const { user, requestsTo } = setup();
    await within(list()).findByText('How rivers shape valleys');
    await user.click(screen.getByRole('button', { name: T.deleteLabel('How rivers shape valleys') }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(T.confirmText('How rivers shape valleys'));
    await user.click(within(dialog).getByRole('button', { name: UI_TEXTS.common.cancel }));
    expect(requestsTo('DELETE', `/api/youtube/summaries/${FIRST}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: T.deleteLabel('How rivers shape valleys') }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: UI_TEXTS.common.delete }),
    );
    expect(requestsTo('DELETE', `/api/youtube/summaries/${FIRST}`)).toHaveLength(1);
    expect(within(list()).queryByText('How rivers shape valleys')).toBeNull();
  });

  it('sends a summary to Text to Speech or to the Chat Agent as context, by its id', async () => {
    const { user, navigate } = setup();
    await within(list()).findByText('How rivers shape valleys');
    await user.click(
      screen.getByRole('button', { name: LIBRARY_TEXTS.sendToLabel('How rivers shape valleys') }),
    );
    const targets = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(targets).toEqual([getTool('text-to-speech').name, getTool('chat-agent').name]);
    await user.click(screen.getByRole('menuitem', { name: getTool('chat-agent').name }));
    expect(navigate).toHaveBeenCalledWith(sendToPath('chat-agent', FIRST));
  });

  it('shows no list to a guest and asks nothing', () => {
    const { requests } = setup({ user: null });
    expect(screen.queryByRole('region', { name: T.title })).toBeNull();
    expect(requests).toEqual([]);
  });
});
