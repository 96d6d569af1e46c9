// The member's library of issue 37 in Chromium against the running system (runs once the library service and the
// creation events are merged): a member runs Image to Prompt (local analysis), offline Text to Speech (eSpeak NG) and
// Color Correction (local), finds all three on /library, finds the prompt by a word of it, sends the image into
// Cartoonify (the upload shows it) and into Upscale (the upload shows it, the 2× size follows from it), the prompt
// into Text to Image (the prompt box holds it), and deletes the image (its file URL then answers 404). Another
// member sees none of it, in the page and at the API.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LIBRARY_TEXTS, LIMITS, UI_TEXTS, type LibraryItem, type LibraryItemDetail } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';
import { anySendToLabel } from './support/library';
import { gradientPng } from './support/images';
import { accessToken, setMemberCredits } from './support/members';

const PASSWORD = 'correct-horse-7';
const L = LIBRARY_TEXTS;

async function listItems(page: Page, token: string, query = ''): Promise<LibraryItem[]> {
  const reply = await page.request.get(`/api/library/items${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { items: LibraryItem[] }).items;
}

function card(page: Page, toolName: string) {
  return page.getByTestId('library-card').filter({ hasText: toolName });
}

async function sendTo(page: Page, toolName: string, target: string): Promise<void> {
  await card(page, toolName).getByRole('button', { name: anySendToLabel() }).click();
  await page.getByRole('menuitem', { name: target, exact: true }).click();
}

describe('library', () => {
  const browser = useBrowser();

  it('gathers a prompt, a clip and an effect, searches, sends on, deletes, and shows another member nothing', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    const email = uniqueEmail('library');
    await signUp(page, email, PASSWORD);
    // Three paid runs (Text to Speech alone is 30 credits) need more than a new member's free credits.
    await setMemberCredits(page, email, PASSWORD, 500);
    const png = await gradientPng(96, 64);

    // 1. A prompt from Image to Prompt (the local provider).
    await goto(page, '/tools/image-to-prompt');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: /^Generate Prompt/ }).click();
    const generated = page.locator('[aria-label="Generated Prompt"]');
    await generated.waitFor({ timeout: 30_000 });
    const prompt = (await generated.textContent()) ?? '';
    expect(prompt.toLowerCase()).toContain('local analysis');

    // 2. A clip from Text to Speech without a provider key.
    await goto(page, '/tools/text-to-speech');
    await page.getByRole('radio').first().waitFor({ timeout: 15_000 });
    await page.getByLabel(UI_TEXTS.textToSpeech.textLabel).fill('The library keeps this sentence for later.');
    await page.getByRole('button', { name: UI_TEXTS.textToSpeech.generate }).click();
    await page
      .getByRole('region', { name: UI_TEXTS.textToSpeech.resultTitle, exact: true })
      .getByRole('region', { name: /^speech-\d+\.mp3$/ })
      .waitFor({ timeout: 60_000 });

    // 3. A photo through Color Correction (done locally).
    await goto(page, '/tools/color-correction');
    await page
      .getByLabel(/Drag and drop an image here/)
      .and(page.locator('input[type=file]'))
      .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Preview of holiday.png').waitFor();
    await page.getByRole('button', { name: /^Run Color Correction/ }).click();
    await page.getByAltText('After: Color Correction result').waitFor({ timeout: 60_000 });

    // All three on /library (the index follows events: reload until they are in).
    const token = await accessToken(page, email, PASSWORD);
    await expect.poll(async () => (await listItems(page, token)).length, { timeout: 30_000 }).toBe(3);
    await goto(page, '/library');
    await page.getByRole('heading', { level: 1, name: L.title }).waitFor();
    await expect.poll(() => page.getByTestId('library-card').count(), { timeout: 15_000 }).toBe(3);
    for (const tool of ['Image to Prompt', 'Text to Speech', 'Color Correction']) {
      expect(await card(page, tool).count(), tool).toBe(1);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'library-three-items');

    // The prompt by a word of it.
    await page.getByLabel(L.searchLabel).fill('analysis');
    await page.waitForURL(/[?&]q=analysis/);
    await expect.poll(() => page.getByTestId('library-card').count(), { timeout: 15_000 }).toBe(1);
    expect(await card(page, 'Image to Prompt').count()).toBe(1);
    await page.getByLabel(L.searchLabel).fill('');
    await expect.poll(() => page.getByTestId('library-card').count(), { timeout: 15_000 }).toBe(3);

    // The image into Cartoonify: the upload shows it, nothing re-uploaded by the member.
    await sendTo(page, 'Color Correction', 'Cartoonify');
    await page.waitForURL(/\/tools\/cartoonify\?from=/);
    await page.getByAltText(/^Preview of /).waitFor({ timeout: 30_000 });
    await page.getByText(/^Filled in from your library/).waitFor();

    // The same image into Upscale (issue 37: image → … Upscale): the picture is filled in, and the result's size
    // is worked out from it before anything is charged.
    await goto(page, '/library');
    await card(page, 'Color Correction').waitFor({ timeout: 15_000 });
    await sendTo(page, 'Color Correction', 'Upscale');
    await page.waitForURL(/\/tools\/upscale\?from=/);
    const picture = page.getByAltText(/^Preview of /);
    await picture.waitFor({ timeout: 30_000 });
    await page.getByText(/^Filled in from your library/).waitFor();
    const [width, height] = await picture.evaluate((img: HTMLImageElement) => [
      img.naturalWidth,
      img.naturalHeight,
    ]);
    expect(width).toBeGreaterThan(0);
    await page.getByText(UI_TEXTS.upscale.outputSize(width! * 2, height! * 2)).waitFor();

    // The prompt into Text to Image: the prompt box holds it (cut to its limit).
    await goto(page, '/library');
    await card(page, 'Image to Prompt').waitFor({ timeout: 15_000 });
    await sendTo(page, 'Image to Prompt', 'Text to Image');
    await page.waitForURL(/\/tools\/text-to-image\?from=/);
    const promptBox = page.getByLabel('Prompt', { exact: true });
    await expect.poll(() => promptBox.inputValue(), { timeout: 30_000 }).toBe(prompt.slice(0, LIMITS.prompt));

    // Deleting the image: confirmed, gone from the list, and its file answers 404.
    const [image] = await listItems(page, token, '?kind=image');
    const detailReply = await page.request.get(`/api/library/items/${image!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { item: detail } = (await detailReply.json()) as { item: LibraryItemDetail };
    expect(detail.fileUrl).toBeTruthy();
    expect((await page.request.get(detail.fileUrl!)).status()).toBe(200);
    await goto(page, '/library');
    await card(page, 'Color Correction')
      .getByRole('button', { name: /^Delete / })
      .click();
    const dialog = page.getByRole('alertdialog', { name: L.deleteTitle });
    await dialog.getByRole('button', { name: L.delete }).click();
    await expect.poll(() => card(page, 'Color Correction').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(async () => (await page.request.get(detail.fileUrl!)).status(), { timeout: 15_000 })
      .toBe(404);
    await expect.poll(async () => (await listItems(page, token)).length, { timeout: 15_000 }).toBe(2);

    // Another member: an empty library, and the first member's items are a 404.
    const other = await browser.newPage({ width: 390, height: 844 });
    const otherEmail = uniqueEmail('library-other');
    await signUp(other, otherEmail, PASSWORD);
    await goto(other, '/library');
    await other.getByText(L.empty).waitFor({ timeout: 15_000 });
    expect(await other.getByTestId('library-card').count()).toBe(0);
    const otherToken = await accessToken(other, otherEmail, PASSWORD);
    expect(await listItems(other, otherToken)).toEqual([]);
    const [kept] = await listItems(page, token);
    const foreign = await other.request.get(`/api/library/items/${kept!.id}`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(foreign.status()).toBe(404);
    const foreignDelete = await other.request.delete(`/api/library/items/${kept!.id}`, {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(foreignDelete.status()).toBe(404);
    await goto(other, `/tools/text-to-image?from=${kept!.id}`);
    await other.getByText(L.fromMissing).waitFor({ timeout: 15_000 });
    expect(await other.getByLabel('Prompt', { exact: true }).inputValue()).toBe('');
    expect(await listItems(page, token)).toHaveLength(2);
  }, 420_000);
});
