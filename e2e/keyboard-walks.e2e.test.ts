// Keyboard-only walks (issue 28, docs/architecture.md#keyboard-and-focus) in Chromium against the running system: a
// member signs up and runs one tool of each family with the keyboard alone — Tab, Shift+Tab, Enter, Space, arrows
// and typing, never a click nor a script moving the focus: Magic Enhance, the Chat Agent (model, message, reply),
// Color Correction (the file chooser opened from the drop zone, the run, the comparison slider moved by its keys),
// Text to Speech and the YouTube summarizer. On a 390 px screen a signed-in member opens the header's Menu and
// reaches Account.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { UI_TEXTS } from '@act/contracts';
import { openImage } from '@act/service-kit/media';
import { bluishPhoto } from '@act/image/testing';
import { uniqueEmail } from './support/browser';
import { goto, useBrowser } from './support/fixtures';

const PASSWORD = 'correct-horse-7';
const WATCH_URL = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

async function isFocused(target: Locator): Promise<boolean> {
  return target
    .evaluate((element) => element === document.activeElement, undefined, { timeout: 1_000 })
    .catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it never does. */
async function tabTo(page: Page, target: Locator, options: { back?: boolean; max?: number } = {}) {
  await target.waitFor({ timeout: 30_000 });
  const max = options.max ?? 80;
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of Tab never reached ${String(target)}`);
}

/** The focused element shows the product's ring: an outline or a box shadow (the focus token), not nothing. */
async function showsFocusRing(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    if (!element.matches(':focus-visible')) return false;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outlined || style.boxShadow !== 'none';
  });
}

async function balance(page: Page): Promise<string | null> {
  return page.getByTestId('credit-balance').textContent();
}

/** Sign-up on the auth page from the keyboard: Tab to each field, type, Enter submits. */
async function signUpByKeyboard(page: Page, label: string): Promise<void> {
  await goto(page, '/auth?signup=true');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(uniqueEmail(label));
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
}

describe('keyboard-only walks', () => {
  const browser = useBrowser();

  it('prompt: Magic Enhance from typing to the enhanced prompt', async () => {
    const page = await browser.newPage();
    await signUpByKeyboard(page, 'kbd-prompt');
    // From the dashboard: Tab to the tool card's Use Tool and Enter.
    const useTool = page.getByTestId('tool-card-magic-enhance').getByRole('button', { name: /Use Tool/ });
    await tabTo(page, useTool);
    expect(await showsFocusRing(useTool)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tools/magic-enhance');

    const T = UI_TEXTS.magicEnhance;
    const prompt = page.getByLabel(T.inputLabel);
    await tabTo(page, prompt);
    await page.keyboard.type('a lighthouse on a cliff at dusk');
    const enhance = page.getByRole('button', { name: T.enhance });
    await tabTo(page, enhance);
    expect(await showsFocusRing(enhance)).toBe(true);
    await page.keyboard.press('Enter');

    const result = page.locator(`[aria-label="${T.resultTitle}"]`);
    await result.waitFor({ timeout: 30_000 });
    expect(((await result.textContent()) ?? '').length).toBeGreaterThan(40);
    await page.getByTestId('credit-balance').getByText('49 credits').waitFor({ timeout: 10_000 });
  });

  it('chat: the Chat Agent takes a model, a message and answers', async () => {
    const page = await browser.newPage();
    await signUpByKeyboard(page, 'kbd-chat');
    await goto(page, '/tools/chat-agent');
    const T = UI_TEXTS.chat;
    await page.getByRole('heading', { name: T.chooseModel }).waitFor({ timeout: 20_000 });
    const model = page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' });
    await tabTo(page, model);
    await page.keyboard.press('Enter');
    await page.getByTestId('chosen-model').getByText('GPT-4o Mini').waitFor();

    const message = page.getByPlaceholder(/Type your message/);
    await tabTo(page, message);
    await page.keyboard.type('Name three primary colours.');
    await page.keyboard.press('Enter');
    const reply = page.getByTestId('chat-reply').last();
    await reply.getByText(/Answer from/).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 30_000 });
    expect(await reply.getAttribute('aria-busy')).not.toBe('true');
    await page.getByTestId('credit-balance').getByText('48 credits').waitFor({ timeout: 10_000 });
  });

  it('image: Color Correction from the drop zone through the run to the comparison slider', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUpByKeyboard(page, 'kbd-image');
    await goto(page, '/tools/color-correction');
    const photo = await openImage(await bluishPhoto(320, 240))
      .jpeg({ quality: 85 })
      .toBuffer();

    // The drop zone: one tab stop, named with the accepted types, with a ring; Enter opens the file chooser.
    const zone = page.getByRole('button', { name: /Drag and drop an image here.*PNG, JPG, JPEG, WebP/ });
    await tabTo(page, zone);
    expect(await showsFocusRing(zone)).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    // One round trip, so Playwright has switched on its file chooser interception before the key is pressed (a key
    // press is faster than a click, and the browser's own chooser would open instead).
    await page.evaluate(() => undefined);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByAltText('Preview of holiday.jpg').waitFor();
    // Focus followed the zone to the preview that replaced it, instead of falling back to the page.
    expect(await isFocused(page.getByRole('group', { name: 'holiday.jpg' }))).toBe(true);

    const run = page.getByRole('button', { name: /^Run Color Correction/ });
    await tabTo(page, run);
    await page.keyboard.press('Enter');
    await page.getByAltText(UI_TEXTS.photoTool.afterAlt('Color Correction')).waitFor({ timeout: 60_000 });
    await page.getByTestId('credit-balance').getByText('30 credits').waitFor({ timeout: 15_000 });

    const slider = page.getByRole('slider', { name: UI_TEXTS.photoTool.compareLabel });
    await tabTo(page, slider);
    expect(await slider.evaluate((element) => element.matches(':focus-visible'))).toBe(true);
    const value = async () => Number(await slider.getAttribute('aria-valuenow'));
    expect(await value()).toBe(50);
    await page.keyboard.press('ArrowRight');
    expect(await value()).toBe(51);
    await page.keyboard.press('PageUp');
    expect(await value()).toBe(61);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('PageDown');
    expect(await value()).toBe(50);
    await page.keyboard.press('Home');
    expect(await value()).toBe(0);
    expect(await slider.getAttribute('aria-valuetext')).toBe('0% Before, 100% After');
    await page.keyboard.press('End');
    expect(await value()).toBe(100);
  });

  it('voice: Text to Speech with a voice chosen by the arrow keys', async () => {
    const page = await browser.newPage();
    await signUpByKeyboard(page, 'kbd-voice');
    await goto(page, '/tools/text-to-speech');
    const T = UI_TEXTS.textToSpeech;
    const voices = page.getByRole('radio');
    await tabTo(page, voices.first());
    expect(await voices.first().isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await voices.nth(1).isChecked()).toBe(true);
    expect(await isFocused(voices.nth(1))).toBe(true);

    await tabTo(page, page.getByLabel(T.textLabel));
    await page.keyboard.type('Hello from the keyboard.');
    await tabTo(page, page.getByRole('button', { name: T.generate }));
    await page.keyboard.press('Enter');
    const result = page.getByRole('region', { name: T.resultTitle, exact: true });
    await result.getByRole('region', { name: /^speech-\d+\.mp3$/ }).waitFor({ timeout: 60_000 });
    await page.getByTestId('credit-balance').getByText('20 credits').waitFor({ timeout: 10_000 });
  });

  it('youtube: a video summarized from its link', async () => {
    const page = await browser.newPage();
    await signUpByKeyboard(page, 'kbd-youtube');
    await goto(page, '/tools/youtube-summarizer');
    const T = UI_TEXTS.youtube;
    await tabTo(page, page.getByLabel(T.urlLabel));
    await page.keyboard.type(WATCH_URL);
    await tabTo(page, page.getByRole('button', { name: T.summarize }));
    await page.keyboard.press('Enter');
    const summary = page.locator('.yt-summary');
    await summary.waitFor({ timeout: 30_000 });
    // Back to Summarize once the stream has ended.
    await page.getByRole('button', { name: T.summarize }).waitFor({ timeout: 30_000 });
    expect(((await summary.textContent()) ?? '').trim().length).toBeGreaterThan(20);
    expect(await balance(page)).toBe('46 credits');
  });

  it('a 390 px screen: the header Menu opens from the keyboard and reaches Account for a signed-in member', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signUpByKeyboard(page, 'kbd-phone');
    await goto(page, '/');
    const N = UI_TEXTS.landing.nav;
    // The inline links are hidden at this width: the Menu button is the way.
    const menu = page.getByRole('button', { name: N.menu });
    await tabTo(page, menu);
    expect(await showsFocusRing(menu)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const list = page.getByRole('navigation', { name: N.menu });
    for (const name of [N.features, N.pricing])
      expect(await list.getByRole('link', { name }).count()).toBe(1);
    expect(await list.getByRole('heading', { name: N.toolsByCategory }).count()).toBe(1);
    expect(await list.getByRole('link', { name: N.signIn }).count()).toBe(0);
    const account = list.getByRole('link', { name: N.account });
    await tabTo(page, account);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard?view=account');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  });
});
