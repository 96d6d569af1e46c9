// Images that iterate (issue 40) in Chromium against the running system, the image service on the local fake of fal's
// queue: Text to Image makes two images in one run (both shown, both in the gallery, 40 credits); Edit a Region gets a
// mask painted with the pointer and a rectangle placed with the keyboard, and the mask it sends is the picture's size
// with white exactly where it was painted; Upscale enlarges an upload 2× and lists it in the hub gallery.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_TEXTS } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { bluishPhoto } from '@act/image/testing';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.textToImage;
const E = UI_TEXTS.editImage;
const U = UI_TEXTS.upscale;
const PHOTO = { width: 400, height: 300 };

async function uploadPhoto(page: Page, name: string): Promise<void> {
  const jpeg = await openImage(await bluishPhoto(PHOTO.width, PHOTO.height))
    .jpeg({ quality: 88 })
    .toBuffer();
  await page
    .getByLabel(/Drag and drop an image here/)
    .and(page.locator('input[type=file]'))
    .setInputFiles({ name, mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByAltText(`Preview of ${name}`).waitFor();
}

/** The grey level of the mask at picture pixel (x, y). */
async function maskLevel(mask: Buffer, x: number, y: number): Promise<number> {
  const { data, info } = await openImage(mask).greyscale().raw().toBuffer({ resolveWithObject: true });
  return data[y * info.width + x]!;
}

describe('images that iterate', () => {
  const browser = useBrowser();

  it('makes two images in one run for 40 credits, both shown and both in the gallery', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('two-images'));
    await goto(page, '/tools/text-to-image');
    const prompt = page.getByLabel(T.promptLabel, { exact: true });
    await prompt.waitFor({ timeout: 15_000 });
    await prompt.fill('two kites over a beach');
    await page.getByRole('combobox', { name: T.numImagesLabel }).click();
    await page.getByRole('option', { name: T.numImagesOption(2) }).click();
    await page.getByRole('button', { name: T.generateCount(2, 40) }).click();

    const run = page.getByRole('region', { name: T.resultsTitle });
    await run.getByRole('button', { name: T.showResult(2, 2) }).click({ timeout: 60_000 });
    expect(await run.getByRole('button', { name: T.showResult(2, 2) }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByTestId('credit-balance').getByText('10 credits').waitFor({ timeout: 15_000 });
    const gallery = page.getByRole('region', { name: T.galleryTitle });
    await expect
      .poll(() => gallery.getByRole('button', { name: /^Open image: two kites/ }).count(), {
        timeout: 15_000,
      })
      .toBe(2);
  });

  it('paints a mask by pointer and by keyboard, and sends the picture with a mask of its size', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('edit-region'));
    await goto(page, '/tools/edit-image');
    await page.getByRole('heading', { name: UI_TEXTS.photoTool.settings }).waitFor({ timeout: 15_000 });
    await uploadPhoto(page, 'street.jpg');
    const canvas = page.getByRole('application', { name: E.canvasLabel });
    await canvas.waitFor();

    // Pointer: a stroke across the top-left quarter of the picture.
    const box = (await canvas.boundingBox())!;
    const toScreen = (x: number, y: number) =>
      [box.x + (x / PHOTO.width) * box.width, box.y + (y / PHOTO.height) * box.height] as const;
    await page.mouse.move(...toScreen(40, 60));
    await page.mouse.down();
    await page.mouse.move(...toScreen(80, 60), { steps: 5 });
    await page.mouse.move(...toScreen(120, 60), { steps: 5 });
    await page.mouse.up();
    await page.getByText(E.maskStrokes(1)).waitFor();

    // Keyboard: focus the canvas, move the rectangle right twice, make it taller once, add it.
    await canvas.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    // 400×300: the rectangle starts at 150,113 100×75, a step is 15 px.
    await page.getByText(E.rectangleStatus(180, 113, 100, 90)).waitFor();
    await page.keyboard.press('Enter');
    await page.getByText(E.maskStrokes(2)).waitFor();
    await screenshot(page, 'edit-image-mask');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel(E.promptLabel).fill('a red umbrella');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/image/edit'));
    await page.getByRole('button', { name: E.run(20) }).click();
    const body = (await sent).postDataJSON() as { image: string; mask: string; prompt: string };
    expect(body.prompt).toBe('a red umbrella');
    expect(body.image).toMatch(/^data:image\/jpeg;base64,/);
    const mask = Buffer.from(body.mask.slice(body.mask.indexOf(',') + 1), 'base64');
    const meta = await openImage(mask).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', PHOTO.width, PHOTO.height]);
    expect(await maskLevel(mask, 80, 60), 'under the stroke').toBeGreaterThan(200);
    expect(await maskLevel(mask, 230, 160), 'inside the rectangle').toBeGreaterThan(200);
    expect(await maskLevel(mask, 10, 290), 'nowhere painted').toBeLessThan(50);

    await page.getByAltText(UI_TEXTS.photoTool.afterAlt('Edit a Region')).waitFor({ timeout: 60_000 });
    await page.getByTestId('credit-balance').getByText('30 credits').waitFor({ timeout: 15_000 });
  });

  it('upscales an upload 2× and lists the result in the hub gallery', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('upscale'));
    await goto(page, '/tools/upscale');
    await page.getByText(U.modelNotice).waitFor({ timeout: 15_000 });
    await uploadPhoto(page, 'garden.jpg');
    await page.getByText(U.outputSize(800, 600)).waitFor();
    await page.getByRole('button', { name: U.run(5) }).click();
    await page.getByText(`${U.resultSize(800, 600)} · ${U.modelLabel}`).waitFor({ timeout: 60_000 });
    await page.getByTestId('credit-balance').getByText('45 credits').waitFor({ timeout: 15_000 });
    await goto(page, '/tools/image-to-image');
    await page.getByRole('img', { name: 'Upscale 2×' }).waitFor({ timeout: 15_000 });
  });
});
