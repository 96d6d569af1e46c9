// The accessibility sweep (docs/architecture.md#accessibility-sweep) of the prompt tools and the YouTube tools, each
// in its empty, busy, error and result state: axe at 1366 px and 390 px, a screenshot at both, no sideways scrolling
// at 320 px. Results come from the system's local providers and fakes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_TEXTS } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import {
  anyBusy,
  signUpWithPlentyOfCredits,
  Sweep,
  SWEEP_TIMEOUT_MS,
  sweepTool,
  type ToolDriver,
} from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { useBrowser } from './support/fixtures';

const WATCH_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const THUMBNAIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#94a3b8"/></svg>';

async function smallPng(): Promise<Buffer> {
  const width = 48;
  const height = 32;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = ((i / 3) % width) * 5;
    pixels[i + 1] = 120;
    pixels[i + 2] = 200;
  }
  return openImage(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

function uploadPng(png: Buffer) {
  return async (page: Page) => {
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Preview of photo.png').waitFor();
  };
}

const textResult = async (page: Page) => {
  await page.locator('.act-result__text').first().waitFor({ timeout: 30_000 });
};

function promptTools(png: Buffer): ToolDriver[] {
  const upload = uploadPng(png);
  const selectImageFirst = async (page: Page) => {
    await page.getByRole('button', { name: UI_TEXTS.common.selectAnImageFirst }).waitFor({ timeout: 15_000 });
  };
  return [
    {
      id: 'image-to-prompt',
      ready: selectImageFirst,
      async start(page) {
        await upload(page);
        await page.getByRole('button', { name: UI_TEXTS.imageToPrompt.generate }).click();
      },
      call: '**/api/prompt/generate-image-prompt',
      busy: anyBusy,
      result: textResult,
    },
    {
      id: 'magic-enhance',
      ready: (page) => page.getByLabel(UI_TEXTS.magicEnhance.inputLabel).waitFor({ timeout: 15_000 }),
      async start(page) {
        await page.getByLabel(UI_TEXTS.magicEnhance.inputLabel).fill('a lighthouse on a cliff at dusk');
        await page.getByRole('button', { name: UI_TEXTS.magicEnhance.enhance }).click();
      },
      call: '**/api/prompt/generate-text-prompt',
      busy: anyBusy,
      result: textResult,
    },
    {
      id: 'ai-describe-image',
      ready: selectImageFirst,
      async start(page) {
        await upload(page);
        await page.getByRole('button', { name: UI_TEXTS.describeImage.generate }).click();
      },
      call: '**/api/prompt/generate-ai-description',
      busy: anyBusy,
      result: textResult,
    },
    {
      id: 'image-to-video-prompt',
      ready: (page) => page.getByLabel(UI_TEXTS.videoPrompt.actionLabel).waitFor({ timeout: 15_000 }),
      async start(page) {
        await upload(page);
        await page.getByLabel(UI_TEXTS.videoPrompt.actionLabel).fill('the cat turns its head and blinks');
        await page.getByRole('button', { name: UI_TEXTS.videoPrompt.generate }).click();
      },
      call: '**/api/prompt/generate-video-prompt',
      busy: anyBusy,
      result: textResult,
    },
  ];
}

const Y = UI_TEXTS.youtube;
const YOUTUBE_TOOLS: ToolDriver[] = [
  {
    id: 'youtube-summarizer',
    ready: (page) => page.getByLabel(Y.urlLabel).waitFor({ timeout: 15_000 }),
    async start(page) {
      await page.getByLabel(Y.urlLabel).fill(WATCH_URL);
      await page.getByRole('button', { name: Y.summarize }).click();
    },
    call: '**/api/youtube/summarize-youtube',
    busy: anyBusy,
    async result(page) {
      await page.locator('.yt-summary').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: Y.summarize }).waitFor({ timeout: 30_000 });
      await page.getByRole('region', { name: Y.transcriptTitle }).waitFor({ timeout: 15_000 });
    },
  },
  {
    id: 'youtube-thumbnail-downloader',
    async before(page) {
      // The browser loads the thumbnails from i.ytimg.com, never reachable here.
      await page.route('https://i.ytimg.com/**', (route) =>
        route.fulfill({ contentType: 'image/svg+xml', body: THUMBNAIL_SVG }),
      );
    },
    ready: (page) => page.getByLabel(Y.urlLabel).waitFor({ timeout: 15_000 }),
    async start(page) {
      await page.getByLabel(Y.urlLabel).fill(WATCH_URL);
      await page.getByRole('button', { name: Y.getThumbnails }).click();
    },
    call: '**/api/youtube/youtube-thumbnail-downloader/get-youtube-thumbnails',
    busy: anyBusy,
    async result(page) {
      await page
        .getByRole('list', { name: Y.thumbnailsTitle })
        .getByRole('listitem')
        .first()
        .waitFor({ timeout: 15_000 });
    },
  },
];

describe('accessibility sweep: prompt and YouTube tools', () => {
  const browser = useBrowser();

  it(
    'finds no axe violation and no sideways scrolling in any state of any prompt or YouTube tool',
    async () => {
      const sweep = new Sweep();
      const page = await browser.newPage({ width: 1366, height: 900 });
      await signUpWithPlentyOfCredits(page, uniqueEmail('a11y-prompt'));
      for (const tool of [...promptTools(await smallPng()), ...YOUTUBE_TOOLS])
        await sweepTool(page, sweep, tool);
      console.log(sweep.report());
      expect(sweep.findings, sweep.report()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
