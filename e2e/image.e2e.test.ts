// Text to Image of issue 12 in Chromium against the running system, the image service rendering through the local
// fake of fal's queue (real PNG bytes of the asked size): a new member generates an image, sees it in the preview and
// its card in the gallery, pays 20 credits (balance 30), opens it in the lightbox titled with its prompt, puts its
// settings back in the panel with Use settings, and deletes it after confirming.
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.textToImage;
const PROMPT = 'a lighthouse on a cliff at dawn';
const NEGATIVE = 'fog';

describe('Text to Image', () => {
  const browser = useBrowser();

  it('generates an image for 20 credits, shows it in the gallery, and Use settings and Delete work from its lightbox', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('text-to-image'));
    await goto(page, '/tools/text-to-image');
    const prompt = page.getByLabel(T.promptLabel, { exact: true });
    await prompt.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('50 credits');
    const gallery = page.getByRole('region', { name: T.galleryTitle });
    await gallery.getByText(T.galleryEmpty).waitFor({ timeout: 15_000 });

    await prompt.fill(PROMPT);
    await page.getByLabel(T.negativePromptLabel).fill(NEGATIVE);
    await page.getByRole('combobox', { name: T.aspectRatioLabel }).click();
    await page.getByRole('option', { name: 'Landscape 16:9' }).click();
    await page.getByRole('combobox', { name: T.formatLabel }).click();
    await page.getByRole('option', { name: 'JPG' }).click();
    // Every state of the progress bar and its status line while the image is made (the fake fal queues the request,
    // then reports "Step 1/2" in its logs: 50 %).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const status = document.querySelector('.img-preview__status');
        if (bar) seen.push(`${bar.getAttribute('aria-valuenow')}|${status?.textContent ?? ''}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByRole('button', { name: T.generate }).click();

    // The preview shows the image once it has loaded (the overlay goes), at the asked size.
    const preview = page.getByRole('region', { name: T.previewTitle });
    const image = preview.getByRole('img', { name: T.previewAlt });
    await image.waitFor({ timeout: 60_000 });
    await preview.getByText(T.loadingImage).waitFor({ state: 'detached', timeout: 30_000 });
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      1344, 768,
    ]);
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(progress.some((state) => state.includes(T.queuePosition(1)))).toBe(true);
    expect(progress.some((state) => state.startsWith('50|') && state.includes(T.generating))).toBe(true);
    expect(progress.at(-1)).toMatch(/^100\|/);
    await page.getByText('30 credits').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('30 credits');

    // Its card appears in the gallery (reloaded on gallery-updated), with the thumbnail.
    const card = gallery.getByRole('button', { name: T.openImage(PROMPT) });
    await card.waitFor({ timeout: 15_000 });
    const thumbnail = card.getByRole('img');
    await page.waitForFunction(
      (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
      await thumbnail.elementHandle(),
    );
    expect(await thumbnail.getAttribute('src')).toContain('.thumb.webp');

    // Download saves image-<id>.jpg.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByRole('button', { name: T.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^image-[0-9a-f-]{36}\.jpg$/);
    await page.getByText(UI_TEXTS.gallery.imageDownloaded).first().waitFor({ timeout: 15_000 });

    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'text-to-image');
    // On a phone the panel, the preview and the gallery stack without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'text-to-image-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The lightbox is titled with the prompt; Use settings puts the settings back in the panel.
    await prompt.fill('something else');
    await card.click();
    const lightbox = page.getByRole('dialog');
    await lightbox.getByRole('heading', { name: PROMPT }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'text-to-image-lightbox');
    const seed =
      (await lightbox.locator('.img-facts__item', { hasText: T.seedLabel }).locator('dd').textContent()) ??
      '';
    expect(seed).toMatch(/^\d+$/);
    await lightbox.getByRole('button', { name: T.useSettings }).click();
    await lightbox.waitFor({ state: 'detached' });
    expect(await prompt.inputValue()).toBe(PROMPT);
    expect(await page.getByLabel(T.negativePromptLabel).inputValue()).toBe(NEGATIVE);
    expect(await page.getByLabel(T.seedLabel).inputValue()).toBe(seed);
    expect(await page.getByRole('combobox', { name: T.aspectRatioLabel }).textContent()).toContain(
      'Landscape 16:9',
    );
    expect(await page.getByRole('combobox', { name: T.formatLabel }).textContent()).toContain('JPG');

    // Delete, after confirming: the card goes, and stays gone after a reload.
    await card.click();
    await page.getByRole('dialog').getByRole('button', { name: UI_TEXTS.common.delete }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(T.deleteConfirm).waitFor();
    await confirm.getByRole('button', { name: UI_TEXTS.common.delete }).click();
    await card.waitFor({ state: 'detached', timeout: 15_000 });
    await gallery.getByText(T.galleryEmpty).waitFor({ timeout: 15_000 });
    await page.reload({ waitUntil: 'networkidle' });
    await gallery.getByText(T.galleryEmpty).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('30 credits');
  });
});
