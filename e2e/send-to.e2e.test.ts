// Issue 37 parts 4 and 5 in Chromium against the running system: a result is one click from the next tool on its own
// page, and the library's `openUrl` takes the member back to it. A member makes an offline Text to Speech clip and
// reopens it from /library (the clip is in the tool's result area again); sends one AI Chat Playground answer of a
// two-turn session to Text to Speech (the text box holds that answer only) and reopens the session from /library; sends Image to
// Prompt's result from its Recent results to Text to Image (the prompt box holds it). Another member's `?open=` shows
// the tool's "not found", never the first member's clip.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  getTool,
  LIBRARY_TEXTS,
  LIMITS,
  PLAYGROUND_MODEL_INFO,
  PLAYGROUND_MODELS,
  PROMPT_RESULTS_TEXTS,
  UI_TEXTS,
  type LibraryItem,
} from '@act/contracts';
import { seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, sendChatMessage, signUp, useBrowser } from './support/fixtures';
import { anySendToLabel } from './support/library';
import { gradientPng } from './support/images';
import { setMemberCredits } from './support/members';

const PASSWORD = 'correct-horse-7';
const L = LIBRARY_TEXTS;
const TTS = UI_TEXTS.textToSpeech;

/** The member's library items of one kind, as the API lists them (the index follows events: callers poll). */
async function itemsOf(page: Page, token: string, kind: string): Promise<LibraryItem[]> {
  const reply = await page.request.get(`/api/library/items?kind=${kind}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { items: LibraryItem[] }).items;
}

async function indexed(page: Page, token: string, kind: string): Promise<LibraryItem> {
  await expect.poll(async () => (await itemsOf(page, token, kind)).length, { timeout: 30_000 }).toBe(1);
  return (await itemsOf(page, token, kind))[0]!;
}

/** Opens the item's card on /library, as the member would. */
async function openFromLibrary(page: Page, item: LibraryItem): Promise<void> {
  await goto(page, '/library');
  await page
    .getByTestId('library-card')
    .filter({ hasText: getTool(item.tool).name })
    .getByRole('link', { name: `${L.open} ${item.title}` })
    .click();
  await page.waitForURL((url) => url.pathname === `/tools/${item.tool}`);
}

async function chooseTarget(page: Page, target: string): Promise<void> {
  await page.getByRole('menuitem', { name: target, exact: true }).click();
}

describe('send to and open', () => {
  const browser = useBrowser();

  it('reopens a clip and a chat from the library, and sends a chat answer and a prompt on to the next tool', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    const email = uniqueEmail('send-to');
    await signUp(page, email, PASSWORD);
    const token = await setMemberCredits(page, email, PASSWORD, 500);

    // 1. An offline Text to Speech clip, reopened from the library into the tool's result area.
    await goto(page, '/tools/text-to-speech');
    await page.getByRole('radio').first().waitFor({ timeout: 15_000 });
    await page.getByLabel(TTS.textLabel).fill('A clip to find again.');
    await page.getByRole('button', { name: TTS.generate }).click();
    const result = () => page.getByRole('region', { name: TTS.resultTitle, exact: true });
    const made = result().getByRole('region', { name: /^speech-\d+\.mp3$/ });
    await made.waitFor({ timeout: 60_000 });
    const fileName = await made.getAttribute('aria-label');
    const clip = await indexed(page, token, 'audio');
    await openFromLibrary(page, clip);
    await result().getByRole('region', { name: fileName!, exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.getByText(L.openMissing).count()).toBe(0);

    // 2. One playground answer of a session with two turns (four columns each) sent to Text to Speech: the text box
    // holds that one answer, not the session's other seven nor its title.
    await goto(page, '/tools/ai-chat-playground');
    await sendChatMessage(page, 'Tell me about tides.');
    await sendChatMessage(page, 'And the moon?');
    const replies = page
      .getByRole('region', { name: PLAYGROUND_MODEL_INFO[PLAYGROUND_MODELS[0]].name })
      .getByTestId('chat-reply');
    await expect.poll(() => replies.count()).toBe(2);
    const first = replies.first();
    const answer = ((await first.locator('.ch-md').textContent()) ?? '').trim();
    expect(answer).toContain('Answer from');
    const chat = await indexed(page, token, 'chat');
    await first.getByRole('button', { name: anySendToLabel() }).click();
    await chooseTarget(page, getTool('text-to-speech').name);
    await page.waitForURL(/\/tools\/text-to-speech\?from=.*&message=/);
    expect(new URL(page.url()).searchParams.get('column')).toBe(PLAYGROUND_MODELS[0]);
    const box = page.getByLabel(TTS.textLabel);
    await expect.poll(() => box.inputValue(), { timeout: 30_000 }).toContain(answer.slice(0, 30));
    const sent = await box.inputValue();
    expect(sent.match(/Answer from/g)).toHaveLength(1);
    expect(sent).not.toContain('Tell me about tides.');
    expect(sent.length).toBeLessThanOrEqual(LIMITS.ttsText);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The chat session reopened from the library: its answer is in the chat again and the address names the session.
    // (Read from the chat's own replies: the library card's excerpt holds the same words and can still be on screen
    // while the tool's page loads.)
    await openFromLibrary(page, chat);
    await replies
      .filter({ hasText: answer.slice(0, 30) })
      .first()
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(() => new URL(page.url()).searchParams.get('session'), { timeout: 15_000 })
      .toBe(chat.id);

    // 3. Image to Prompt's result, sent from its Recent results to Text to Image.
    await goto(page, '/tools/image-to-prompt');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: await gradientPng(64, 64) });
    await page.getByRole('button', { name: /^Generate Prompt/ }).click();
    const generated = page.locator('[aria-label="Generated Prompt"]');
    await generated.waitFor({ timeout: 30_000 });
    const prompt = ((await generated.textContent()) ?? '').trim();
    await indexed(page, token, 'prompt');
    const recent = page.getByRole('region', { name: PROMPT_RESULTS_TEXTS.title });
    await recent.getByRole('button', { name: anySendToLabel() }).first().click();
    await chooseTarget(page, getTool('text-to-image').name);
    await page.waitForURL(/\/tools\/text-to-image\?from=/);
    const promptBox = page.getByLabel('Prompt', { exact: true });
    await expect.poll(() => promptBox.inputValue(), { timeout: 30_000 }).toBe(prompt.slice(0, LIMITS.prompt));

    // Another member's `?open=` of the first member's clip: the tool's "not found", and no clip.
    const other = await browser.newPage({ width: 390, height: 844 });
    await signUp(other, uniqueEmail('send-to-other'), PASSWORD);
    await goto(other, `/tools/text-to-speech?open=${clip.id}`);
    await other.getByText(L.openMissing).waitFor({ timeout: 15_000 });
    expect(
      await other
        .getByRole('region', { name: TTS.resultTitle, exact: true })
        .getByRole('region', { name: fileName!, exact: true })
        .count(),
    ).toBe(0);
  }, 420_000);
});
