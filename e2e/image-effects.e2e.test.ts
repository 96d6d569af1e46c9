// The photo effects of issue 13 in Chromium, on a system whose image service has no provider key (FAL_KEY=''): a
// member opens the Image to Image hub from the dashboard, picks Color Correction (done locally with sharp), uploads
// a real JPEG photo, runs it for 20 credits (balance 30), drags the before/after slider, downloads the result under
// color-correction-<timestamp>.jpg (a JPEG of the photo's size), and finds it in the hub's gallery and lightbox. An
// effect that needs a model says so before upload.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ERROR_TEXTS } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { bluishPhoto } from '@act/image/testing';
import { launchChromium, screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { launchSystem, repoRoot, type RunningSystem } from './support/system';

const PASSWORD = 'correct-horse-7';
const PHOTO = { width: 960, height: 640 };

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/auth?signup=true');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
}

describe('photo effects without a provider key', () => {
  let system: RunningSystem;
  let browser: Browser;
  let photoPath: string;

  beforeAll(async () => {
    // Its own system: the suite's shared one gives the image service a (fake) fal key.
    system = await launchSystem({
      namespace: 'e2e_effects',
      dataDir: path.join(repoRoot, '.data', 'e2e-effects'),
      env: { FAL_KEY: '' },
    });
    browser = await launchChromium();
    const jpeg = await openImage(await bluishPhoto(PHOTO.width, PHOTO.height))
      .jpeg({ quality: 88 })
      .toBuffer();
    photoPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'effects-e2e-')), 'holiday.jpg');
    fs.writeFileSync(photoPath, jpeg);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('hub → Color Correction with a real photo → result → slider → Download → the hub gallery shows it', async () => {
    const context = await browser.newContext({
      baseURL: system.baseUrl,
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signUp(page, uniqueEmail('effects'));

    await page
      .getByTestId('tool-card-image-to-image')
      .getByRole('button', { name: /Use Tool/ })
      .click();
    await page.waitForURL('**/tools/image-to-image');
    await page.getByText('No images generated yet. Try one of the tools above!').waitFor({ timeout: 15_000 });
    // The seven effects and Edit a Region; Upscale costs 5.
    expect(await page.getByText('20 credits per use').count()).toBe(8);
    await page.getByRole('heading', { name: 'More Tools Coming Soon!' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /Color Correction/ }).click();
    await page.waitForURL('**/tools/color-correction');
    await page.getByText('Ready to Transform').waitFor({ timeout: 15_000 });
    await page.getByText('Example: Drag the slider to see how the comparison works').waitFor();
    const run = page.getByRole('button', {
      name: /^(Select an Image First|Run Color Correction|Processing)/,
    });
    expect(await run.textContent()).toBe('Select an Image First');
    // Color correction runs here without a key: no notice.
    expect(await page.getByText(ERROR_TEXTS.image.effectNeedsProviderKey).count()).toBe(0);

    await page
      .getByLabel(/Drag and drop an image here/)
      .and(page.locator('input[type=file]'))
      .setInputFiles(photoPath);
    await page.getByAltText('Preview of holiday.jpg').waitFor();
    expect(await run.textContent()).toBe('Run Color Correction');
    await run.click();

    const after = page.getByAltText('After: Color Correction result');
    await after.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLImageElement>('.ie-compare__image')).every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      undefined,
      { timeout: 15_000 },
    );
    const sizes = await page.$$eval('.ie-compare__image', (imgs) =>
      (imgs as HTMLImageElement[]).map((img) => [img.naturalWidth, img.naturalHeight]),
    );
    expect(sizes).toEqual([
      [PHOTO.width, PHOTO.height],
      [PHOTO.width, PHOTO.height],
    ]);
    await page.getByText('Drag the slider to compare before and after').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByText('30 credits').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('30 credits');

    // Drag the divider from the middle to 80 % of the picture, then back with the keyboard.
    const slider = page.getByRole('slider', { name: 'Before and after comparison' });
    expect(await slider.getAttribute('aria-valuenow')).toBe('50');
    const frame = page.locator('.ie-compare__frame');
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.65, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(79);
    expect(Number(await slider.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(81);
    await slider.focus();
    await page.keyboard.press('Home');
    expect(await slider.getAttribute('aria-valuenow')).toBe('0');
    await page.keyboard.press('ArrowRight');
    expect(await slider.getAttribute('aria-valuenow')).toBe('1');
    await screenshot(page, 'image-effects-color-correction');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^color-correction-\d{13}\.jpg$/);
    const saved = await download.path();
    const meta = await openImage(fs.readFileSync(saved)).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([PHOTO.width, PHOTO.height]);
    await page.getByText('Image downloaded!', { exact: true }).waitFor();

    // The hub's gallery now shows the result; Expand opens it titled with the tool.
    await page.goto('/tools/image-to-image');
    const card = page.getByRole('listitem').filter({ hasText: 'Color Correction' });
    await card.waitFor({ timeout: 15_000 });
    expect(await page.getByRole('listitem').count()).toBe(1);
    await page.getByText("You've reached the end.").waitFor();
    await card.getByRole('button', { name: 'Expand' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Color Correction').first().waitFor();
    await dialog.getByRole('img', { name: 'Color Correction' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'image-effects-hub');
    await context.close();
  });

  it('an effect that needs a model says so before upload, and its button stays disabled', async () => {
    const context = await browser.newContext({ baseURL: system.baseUrl });
    const page = await context.newPage();
    await signUp(page, uniqueEmail('effects-nokey'));
    await page.goto('/tools/baby-version');
    await page.getByText(ERROR_TEXTS.image.effectNeedsProviderKey).waitFor({ timeout: 15_000 });
    await page
      .getByLabel(/Drag and drop an image here/)
      .and(page.locator('input[type=file]'))
      .setInputFiles(photoPath);
    await page.getByAltText('Preview of holiday.jpg').waitFor();
    const run = page.getByRole('button', { name: 'Run Baby Version (20 credits)' });
    expect(await run.isDisabled()).toBe(true);
    await context.close();
  });
});
