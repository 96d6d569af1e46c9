// The YouTube tools of issue 15 in Chromium against the running system, with the local fakes (the youtube service
// reads the recorded video and its thumbnails from the fake YouTube, and summaries come streamed from the fake
// provider): a watch link shows five thumbnail cards, free, and one downloads as a .jpg through the service; the
// summarizer shows the video's title and duration and a summary with the video's chapters linking to their moments,
// for 4 credits (balance 46), the transcript, searchable and downloaded as an .srt, free, and a question asked about
// the video whose answer cites the moment it used (t=27s), for 2 credits (balance 44).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_TEXTS, withCost } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

/** A video the fake YouTube knows: English captions and all five thumbnails. */
const VIDEO_ID = 'aqz-KE-bpKQ';
const WATCH_URL = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
const VIDEO_TITLE = 'Big Buck Bunny 60fps 4K - Official Blender Foundation Short Film';
const T = UI_TEXTS.youtube;

/** A grey 16:9 placeholder for the thumbnails the browser loads from i.ytimg.com (never reachable here). */
const THUMBNAIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#94a3b8"/></svg>';

async function offlineThumbnails(page: Page): Promise<void> {
  await page.route('https://i.ytimg.com/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: THUMBNAIL_SVG }),
  );
}

describe('YouTube Thumbnail Downloader', () => {
  const browser = useBrowser();

  it('shows five thumbnail cards for a watch link, free, and downloads one as a .jpg', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await offlineThumbnails(page);
    await signUp(page, uniqueEmail('thumbnails'));
    await goto(page, '/tools/youtube-thumbnail-downloader');
    const url = page.getByLabel(T.urlLabel);
    await url.waitFor({ timeout: 15_000 });
    await url.fill(WATCH_URL);
    await page.getByRole('button', { name: T.getThumbnails }).click();

    const cards = page.getByRole('list', { name: T.thumbnailsTitle }).getByRole('listitem');
    await cards.first().waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBe(5);
    expect(await cards.first().getByRole('heading').textContent()).toBe('Max Resolution');
    expect(await cards.first().getByText('1280x720').count()).toBe(1);
    expect(await cards.nth(4).getByText('120x90').count()).toBe(1);
    expect(await cards.first().getByRole('link', { name: T.viewFullSize }).getAttribute('href')).toBe(
      `https://i.ytimg.com/vi/${VIDEO_ID}/maxresdefault.jpg`,
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      cards.nth(2).getByRole('button', { name: T.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^youtube-thumbnail-downloader-\d+\.jpg$/);
    // Thumbnails are free.
    expect(await page.getByTestId('credit-balance').textContent()).toBe('50 credits');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'youtube-thumbnails');
  });
});

describe('YouTube Summarizer', () => {
  const browser = useBrowser();

  it('shows the title, duration, a summary, its chapters linking to their moments and the transcript, for 4 credits', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('summarizer'));
    await goto(page, '/tools/youtube-summarizer');
    const url = page.getByLabel(T.urlLabel);
    await url.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('50 credits');
    await url.fill(WATCH_URL);
    await page.getByRole('button', { name: T.summarize }).click();

    const video = page.getByRole('region', { name: T.videoInfoTitle });
    await video.getByText(VIDEO_TITLE).waitFor({ timeout: 30_000 });
    expect(await video.getByText('10:35').count()).toBe(1);
    const summary = page.locator('.yt-summary');
    await summary.waitFor({ timeout: 30_000 });
    // Back to Summarize once the stream has ended.
    await page.getByRole('button', { name: T.summarize }).waitFor({ timeout: 30_000 });
    expect(((await summary.textContent()) ?? '').trim().length).toBeGreaterThan(20);
    // Under the summary, the video's own chapters (its description lists four), each opening the video at its t=.
    const chapters = page.getByRole('region', { name: T.chaptersTitle });
    await chapters.waitFor({ timeout: 15_000 });
    expect(await chapters.getByText(T.chapterSourceNote.video).count()).toBe(1);
    const moments = chapters.getByRole('link');
    expect(await moments.count()).toBe(4);
    const hrefs = await moments.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([0, 9, 20, 75].map((t) => `https://www.youtube.com/watch?v=${VIDEO_ID}&t=${t}s`));
    expect(await chapters.getByText('The meadow').count()).toBe(1);
    expect(await chapters.getByRole('link', { name: T.keyMomentLabel('1:15') }).getAttribute('target')).toBe(
      '_blank',
    );

    // The transcript (free) under them: opened, searched, and downloaded as an .srt.
    const transcript = page.getByRole('region', { name: T.transcriptTitle });
    await transcript.waitFor({ timeout: 15_000 });
    await transcript.getByText(T.transcriptTitle, { exact: true }).click();
    const lines = transcript.getByRole('listitem');
    expect(await lines.count()).toBe(9);
    await transcript.getByLabel(T.transcriptSearchLabel).fill('traps');
    await transcript.getByText(T.transcriptMatches(2, 9)).waitFor({ timeout: 5_000 });
    expect(await lines.first().getByRole('link').getAttribute('href')).toBe(
      `https://www.youtube.com/watch?v=${VIDEO_ID}&t=27s`,
    );
    const [srt] = await Promise.all([
      page.waitForEvent('download'),
      transcript.getByRole('button', { name: T.downloadTranscript('srt') }).click(),
    ]);
    expect(srt.suggestedFilename()).toBe(`${VIDEO_ID}-transcript.srt`);
    const srtText = await readFile((await srt.path())!, 'utf8');
    expect(
      srtText.startsWith('1\n00:00:00,000 --> 00:00:04,200\nWelcome to the making of Big Buck Bunny.\n'),
    ).toBe(true);

    await page.getByText('46 credits').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('46 credits');

    // Ask this video (2 credits): the answer cites the moment it used, a link opening the video at that t=.
    const ask = page.getByRole('region', { name: T.askTitle });
    await ask.getByLabel(T.askLabel).fill('What traps does the rabbit build?');
    await ask.getByRole('button', { name: withCost(T.ask, 2) }).click();
    const cited = ask.getByRole('listitem').filter({ hasText: 'What traps does the rabbit build?' });
    await cited.getByText(T.citedMoments).waitFor({ timeout: 30_000 });
    const momentLinks = cited.getByRole('link', { name: T.keyMomentLabel('0:27') });
    expect(await momentLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      `https://www.youtube.com/watch?v=${VIDEO_ID}&t=27s`,
      `https://www.youtube.com/watch?v=${VIDEO_ID}&t=27s`,
    ]);
    expect(await cited.getByText('He builds clever traps', { exact: false }).count()).toBe(1);
    await page.getByText('44 credits').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('44 credits');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'youtube-summarizer');

    // On a phone the form, the video and the summary stack without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'youtube-summarizer-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The balance is the server's: a reload shows the same.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('credit-balance').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('44 credits');
  });
});
