import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, youtubeThumbnails } from '@act/contracts';
import { createRoutedTestHost, json } from '@act/host-sdk/testing';
import { VIDEO_ID, WATCH_URL } from '../test-support/youtube-host';
import { ThumbnailsPage } from './thumbnails-page';

const clicked: string[] = [];
const originalClick = HTMLAnchorElement.prototype.click;

beforeEach(() => {
  clicked.length = 0;
  // saveBlob clicks a temporary link; record the file name instead of navigating.
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  };
});

afterEach(() => {
  HTMLAnchorElement.prototype.click = originalClick;
  cleanup();
});

function setup(options: { user?: null } = {}) {
  const test = createRoutedTestHost({ toolId: 'youtube-thumbnail-downloader', ...options });
  const user = userEvent.setup();
  render(<ThumbnailsPage host={test.host} />);
  const urlField = () => screen.getByLabelText<HTMLInputElement>('YouTube URL');
  const runButton = () => screen.getByRole('button', { name: /Get Thumbnails|Processing/ });
  return { ...test, user, urlField, runButton };
}

const THUMBNAILS_PATH = 'POST /api/youtube/youtube-thumbnail-downloader/get-youtube-thumbnails';

function thumbnailsReply() {
  return json({
    success: true,
    videoId: VIDEO_ID,
    thumbnails: youtubeThumbnails(VIDEO_ID),
    remainingCredits: null,
  });
}

describe('YouTube Thumbnail Downloader screen', () => {
  it('needs a link before Get Thumbnails can be pressed', async () => {
    const { user, urlField, runButton } = setup();
    expect(urlField().placeholder).toBe('https://www.youtube.com/watch?v=...');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    await user.type(urlField(), '   ');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    await user.type(urlField(), 'x');
    expect(runButton().hasAttribute('disabled')).toBe(false);
  });

  it.each([
    ['an embed link', `https://www.youtube.com/embed/${VIDEO_ID}`],
    ['a look-alike host', `https://youtube.com.evil.test/watch?v=${VIDEO_ID}`],
    ['an id of another length', 'https://youtu.be/abc123'],
    ['not a link', 'hello'],
  ])('refuses %s with the spec text and calls nothing', async (_name, link) => {
    const { user, urlField, runButton, requests } = setup();
    await user.type(urlField(), link);
    await user.click(runButton());
    expect(screen.getByText(ERROR_TEXTS.validation.invalidYoutubeUrl)).toBeTruthy();
    expect(requests).toHaveLength(0);
    await user.type(urlField(), 'x');
    expect(screen.queryByText(ERROR_TEXTS.validation.invalidYoutubeUrl)).toBeNull();
  });

  it('shows a card per thumbnail with label, resolution, View Full Size and Download', async () => {
    const { user, urlField, runButton, on, requests } = setup();
    let release: (response: Response) => void = () => undefined;
    on(THUMBNAILS_PATH, () => new Promise<Response>((resolve) => (release = resolve)));
    await user.type(urlField(), `  ${WATCH_URL}  `);
    await user.click(runButton());
    expect(runButton().textContent).toContain('Processing...');
    expect(urlField().disabled).toBe(true);
    expect(requests[0]!.body).toEqual({ videoUrl: WATCH_URL, toolName: 'youtube-thumbnail-downloader' });

    release(thumbnailsReply());
    const list = await screen.findByRole('list', { name: 'Thumbnails' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Max Resolution' })).toBeTruthy();
    expect(first.getByText('1280x720')).toBeTruthy();
    expect(first.getByRole('img').getAttribute('src')).toBe(
      `https://i.ytimg.com/vi/${VIDEO_ID}/maxresdefault.jpg`,
    );
    const view = first.getByRole('link', { name: 'View Full Size' });
    expect(view.getAttribute('href')).toBe(`https://i.ytimg.com/vi/${VIDEO_ID}/maxresdefault.jpg`);
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    expect(within(cards[4]!).getByText('120x90')).toBeTruthy();
    expect(runButton().textContent).toBe('Get Thumbnails');
  });

  it('works for a guest, sending no token (thumbnails are free)', async () => {
    const { user, urlField, runButton, on, requests } = setup({ user: null });
    on(THUMBNAILS_PATH, thumbnailsReply);
    await user.type(urlField(), `https://youtu.be/${VIDEO_ID}`);
    await user.click(runButton());
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
    expect(requests[0]!.headers.authorization).toBeUndefined();
  });

  it('downloads a thumbnail through the service and saves it as thumbnail-{id}-{label}.jpg', async () => {
    const { user, urlField, runButton, on, requests } = setup();
    on(THUMBNAILS_PATH, thumbnailsReply);
    on(
      'GET /api/youtube/thumbnail',
      () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:thumbnail');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    const cards = await screen.findAllByRole('listitem');
    await user.click(within(cards[2]!).getByRole('button', { name: 'Download' }));
    await vi.waitFor(() =>
      expect(clicked).toEqual([expect.stringMatching(/^youtube-thumbnail-downloader-\d+\.jpg$/)]),
    );
    expect(requests[1]!.method).toBe('GET');
    expect(requests[1]!.url).toBe(`/api/youtube/thumbnail?videoId=${VIDEO_ID}&size=hq`);
    vi.restoreAllMocks();
  });

  it('says Failed to download thumbnail when the download fails', async () => {
    const { user, urlField, runButton, on } = setup();
    on(THUMBNAILS_PATH, thumbnailsReply);
    on('GET /api/youtube/thumbnail', () =>
      json({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404),
    );
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    const cards = await screen.findAllByRole('listitem');
    await user.click(within(cards[0]!).getByRole('button', { name: 'Download' }));
    expect((await within(cards[0]!).findByRole('alert')).textContent).toBe('Failed to download thumbnail');
    expect(clicked).toEqual([]);
  });

  it('shows the server text, or the spec fallback when no answer comes', async () => {
    const { user, urlField, runButton, on } = setup();
    on(THUMBNAILS_PATH, () =>
      json({ success: false, error: ERROR_TEXTS.youtube.getThumbnails, code: 'PROVIDER_FAILED' }, 502),
    );
    await user.type(urlField(), WATCH_URL);
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to get thumbnails.');
    expect(screen.queryByRole('list')).toBeNull();

    on(THUMBNAILS_PATH, () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(runButton());
    expect((await screen.findByText(ERROR_TEXTS.network.getThumbnails)).textContent).toBe(
      'Failed to get thumbnails',
    );
  });
});
