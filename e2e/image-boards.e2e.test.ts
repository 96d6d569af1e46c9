// Boards and comparing in Chromium against the running system (docs/product-rules.md#image-boards): a member with two
// generated images makes a board, puts one image on it from its card, shows only that board, then compares the two
// images and moves the slider by keyboard; a photo effect's result is compared with its stored original on the hub,
// put on the board there, and listed with the board's images.
// Each new screen state is swept by axe at 1366 px and 390 px with no sideways scrolling at 320 px
// (docs/architecture.md#accessibility-sweep).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_TEXTS } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { bluishPhoto } from '@act/image/testing';
import { signUpWithPlentyOfCredits, Sweep, SWEEP_TIMEOUT_MS } from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, useBrowser } from './support/fixtures';

const T = UI_TEXTS.textToImage;
const B = UI_TEXTS.imageBoards;
const PROMPTS = ['a red kite over the hills', 'a blue boat at the harbour'];

async function generate(page: Page, prompt: string): Promise<void> {
  await page.getByLabel(T.promptLabel, { exact: true }).fill(prompt);
  await page.getByRole('button', { name: T.generate }).click();
  await page
    .getByRole('region', { name: T.galleryTitle })
    .getByRole('button', { name: T.openImage(prompt) })
    .waitFor({ timeout: 60_000 });
}

async function colorCorrected(page: Page): Promise<void> {
  const photo = await openImage(await bluishPhoto(480, 320))
    .jpeg({ quality: 85 })
    .toBuffer();
  await goto(page, '/tools/color-correction');
  await page
    .getByLabel(/Drag and drop an image here/)
    .and(page.locator('input[type=file]'))
    .setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: /^Run Color Correction/ }).click();
  await page.getByAltText('After: Color Correction result').waitFor({ timeout: 60_000 });
}

describe('image boards and comparing', () => {
  const browser = useBrowser();

  it(
    'makes a board, adds an image, filters by it, and compares two images with the slider by keyboard',
    async () => {
      const sweep = new Sweep();
      const page = await browser.newPage({ width: 1366, height: 900 });
      await signUpWithPlentyOfCredits(page, uniqueEmail('boards'));
      await goto(page, '/tools/text-to-image');
      for (const prompt of PROMPTS) await generate(page, prompt);
      const gallery = page.getByRole('region', { name: T.galleryTitle });
      const bar = gallery.getByRole('group', { name: B.boardsTitle });

      // A new board, named in its dialog.
      await bar.getByRole('button', { name: B.newBoard }).click();
      const create = page.getByRole('dialog', { name: B.createBoardTitle });
      await create.getByRole('textbox', { name: B.boardNameLabel }).fill('Kites');
      await sweep.check(page, 'text-to-image-boards', 'new-board');
      await create.getByRole('button', { name: B.create }).click();
      await create.waitFor({ state: 'detached' });

      // The first image goes on it from its card's board menu, by keyboard.
      await gallery.getByRole('button', { name: B.boardsOf(PROMPTS[0]!) }).focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('dialog', { name: B.boardsOf(PROMPTS[0]!) });
      await menu.getByRole('checkbox', { name: 'Kites (0)' }).focus();
      await page.keyboard.press('Space');
      await menu.getByRole('checkbox', { name: 'Kites (1)', checked: true }).waitFor();
      await sweep.check(page, 'text-to-image-boards', 'board-menu');
      await page.keyboard.press('Escape');

      // Showing the board leaves only that image.
      await bar.getByRole('combobox', { name: B.boardFilterLabel }).click();
      await page.getByRole('option', { name: 'Kites (1)' }).click();
      await gallery.getByRole('button', { name: T.openImage(PROMPTS[1]!) }).waitFor({ state: 'detached' });
      // The list reloads for the board (a spinner meanwhile): the board's image is back before counting.
      await gallery.getByRole('button', { name: T.openImage(PROMPTS[0]!) }).waitFor();
      expect(await gallery.getByRole('button', { name: /^Open image: / }).count()).toBe(1);
      await sweep.check(page, 'text-to-image-boards', 'filtered');
      await bar.getByRole('combobox', { name: B.boardFilterLabel }).click();
      await page.getByRole('option', { name: B.allImages }).click();
      await gallery.getByRole('button', { name: T.openImage(PROMPTS[1]!) }).waitFor();

      // Both images chosen, compared, and the divider moved with the arrow keys, Page Down and End.
      for (const prompt of PROMPTS)
        await gallery.getByRole('checkbox', { name: B.selectToCompare(prompt) }).check();
      await gallery.getByRole('button', { name: B.compare, exact: true }).click();
      const compare = page.getByRole('dialog', { name: B.compareTitle });
      const slider = compare.getByRole('slider', { name: B.compareSlider });
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('PageDown');
      expect(await slider.getAttribute('aria-valuenow')).toBe('42');
      expect(await slider.getAttribute('aria-valuetext')).toBe(`42% ${B.firstImage}, 58% ${B.secondImage}`);
      await page.keyboard.press('End');
      expect(await slider.getAttribute('aria-valuenow')).toBe('100');
      await sweep.check(page, 'text-to-image-compare', 'open');
      await page.keyboard.press('Escape');

      // A photo effect's result against its original, from the hub.
      await colorCorrected(page);
      await goto(page, '/tools/image-to-image');
      await page
        .getByRole('button', { name: `${B.compareWithOriginal}: Color Correction` })
        .first()
        .click();
      const original = page.getByRole('dialog', { name: B.compareOriginalTitle });
      await original.getByRole('img', { name: B.original }).waitFor();
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
      await sweep.check(page, 'image-to-image-compare', 'open');
      await page.keyboard.press('Escape');

      // The result goes on the board from the hub, and the board shows it beside its image.
      await page
        .getByRole('button', { name: B.boardsOf('Color Correction') })
        .first()
        .click();
      const hubMenu = page.getByRole('dialog', { name: B.boardsOf('Color Correction') });
      await hubMenu.getByRole('checkbox', { name: 'Kites (1)' }).check();
      await hubMenu.getByRole('checkbox', { name: 'Kites (2)', checked: true }).waitFor();
      await page.keyboard.press('Escape');
      await goto(page, '/tools/text-to-image');
      await bar.getByRole('combobox', { name: B.boardFilterLabel }).click();
      await page.getByRole('option', { name: 'Kites (2)' }).click();
      const results = gallery.getByRole('region', { name: B.boardResultsTitle });
      await results.getByRole('img', { name: 'Color Correction' }).waitFor();
      await gallery.getByRole('button', { name: T.openImage(PROMPTS[1]!) }).waitFor({ state: 'detached' });
      // The list reloads for the board (a spinner meanwhile): the board's image is back before counting.
      await gallery.getByRole('button', { name: T.openImage(PROMPTS[0]!) }).waitFor();
      expect(await gallery.getByRole('button', { name: /^Open image: / }).count()).toBe(1);
      await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
      await sweep.check(page, 'text-to-image-boards', 'with-results');

      console.log(sweep.report());
      expect(sweep.findings, sweep.report()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
