// Voice in chat (issue 39) in Chromium with its fake microphone (a beeping track, always allowed): on the Chat Agent a
// member dictates — the button shows the recording time, the recording goes to POST /api/voice/transcribe (the
// voice service's fake OpenAI-compatible speech to text), and its text lands in the message box for 1 credit; the
// message is sent, and Read aloud on the answer makes speech with the Text to Speech tool (offline voice, 30 credits)
// and plays it in place. Conversation mode (a microphone that speaks, then pauses): one hands-free turn, then Stop.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAT_VOICE_TEXTS, UI_TEXTS, toolCost } from '@act/contracts';
import { FAKE_TRANSCRIPT } from '@act/voice/testing';
import { Sweep } from './support/a11y-sweep';
import { wavOf } from './support/audio';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = CHAT_VOICE_TEXTS;

describe('Voice in chat', () => {
  const browser = useBrowser();

  it('dictates into the message box, then reads the answer aloud in place', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('chat-voice'));
    await goto(page, '/tools/chat-agent');
    await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
    const box = page.getByPlaceholder(UI_TEXTS.chat.messagePlaceholder);
    await box.waitFor({ timeout: 15_000 });

    const dictate = page.getByRole('button', { name: T.dictate });
    await expect.poll(() => dictate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await dictate.click();
    const stop = page.getByRole('button', { name: /Stop recording \(\d:\d\d\)/ });
    await stop.waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: /Stop recording \(0:0[1-9]\)/ }).waitFor({ timeout: 10_000 });
    const transcribed = page.waitForResponse('**/api/voice/transcribe');
    await stop.click();
    const answer = await transcribed;
    // The reply's text with its status, so a refusal says which rule refused the recording.
    expect({ status: answer.status(), body: await answer.text() }).toMatchObject({ status: 200 });
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe(FAKE_TRANSCRIPT);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await box.press('Enter');
    const reply = page.locator('[data-testid="chat-reply"][data-status="done"]').last();
    await reply.waitFor({ timeout: 30_000 });
    const spoken = page.waitForResponse('**/api/voice/text-to-speech', { timeout: 60_000 });
    await reply.getByRole('button', { name: T.readAloud }).click();
    expect((await spoken).status()).toBe(200);
    const audio = reply.getByTestId('read-aloud-audio');
    await audio.waitFor({ timeout: 15_000 });
    expect(await audio.getAttribute('src')).toMatch(/^\/api\/voice\/files\//);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'chat-voice');
  });
});

/**
 * What the fake microphone hears in conversation mode, over and over: 2 s of a voice-like sound (two tones swelling
 * three times a second, as syllables do), then 3 s of silence — longer than the pause that ends a take.
 */
function speechThenPauseWav(): string {
  const wav = wavOf(5, (t) => {
    if (t >= 2) return 0;
    const swell = 0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t);
    return swell * (0.3 * Math.sin(2 * Math.PI * 220 * t) + 0.2 * Math.sin(2 * Math.PI * 660 * t));
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-voice-')), 'speech-then-pause.wav');
  fs.writeFileSync(file, wav);
  return file;
}

const conversationState = (page: Page, phase: string) =>
  page.getByTestId('conversation-state').filter({ hasText: `${T.conversationState}: ${phase}` });

/** The JS files a remote's build holds for a shared module: its fallback copy (from the remote's mf-manifest.json). */
async function sharedFallbackFiles(page: Page, family: string, name: string): Promise<string[]> {
  const manifest = (await (await page.request.get(`/remotes/${family}/mf-manifest.json`)).json()) as {
    shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const shared = manifest.shared.find((entry) => entry.name === name);
  if (!shared) throw new Error(`${family} does not share ${name}`);
  return [...shared.assets.js.sync, ...shared.assets.js.async].map((file) => `/remotes/${family}/${file}`);
}

describe('One Markdown renderer per page', () => {
  const browser = useBrowser();

  it("renders chat answers with the shell's copy: the chat remote's own copy is never fetched", async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await signUp(page, uniqueEmail('chat-markdown'));
    await goto(page, '/tools/chat-agent');
    await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
    const box = page.getByPlaceholder(UI_TEXTS.chat.messagePlaceholder);
    await box.fill('Hello');
    await box.press('Enter');
    // The fake provider's answer has bold words: Markdown was rendered.
    await page
      .locator('[data-testid="chat-reply"][data-status="done"] strong')
      .first()
      .waitFor({ timeout: 30_000 });
    const fallback = await sharedFallbackFiles(page, 'chat', '@act/host-sdk/markdown');
    expect(fallback.length).toBeGreaterThan(0);
    expect(fetched.some((file) => file.startsWith('/remotes/chat/'))).toBe(true);
    expect(fetched.filter((file) => fallback.includes(file))).toEqual([]);
  });
});

describe('Conversation mode in chat', () => {
  const browser = useBrowser([`--use-file-for-fake-audio-capture=${speechThenPauseWav()}`]);

  it('listens, sends, reads the answer aloud and listens again; Stop ends it, one turn charged', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('chat-conversation'));
    await goto(page, '/tools/chat-agent');
    await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
    const box = page.getByPlaceholder(UI_TEXTS.chat.messagePlaceholder);
    await box.waitFor({ timeout: 15_000 });
    const start = page.getByRole('button', { name: T.conversationMode });
    await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);

    // From the message box, Tab reaches the button; Enter starts the loop.
    await box.focus();
    for (let step = 0; step < 10; step += 1) {
      if (await start.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    const transcribed = page.waitForResponse('**/api/voice/transcribe', { timeout: 30_000 });
    const spoken = page.waitForResponse('**/api/voice/text-to-speech', { timeout: 90_000 });
    await page.keyboard.press('Enter');
    await conversationState(page, T.listening).waitFor({ timeout: 10_000 });

    // The pause after the sound ends the take: its words are the message.
    const transcription = await transcribed;
    expect({ status: transcription.status(), body: await transcription.text() }).toMatchObject({
      status: 200,
    });
    const reply = page.locator('[data-testid="chat-reply"][data-status="done"]').last();
    await reply.waitFor({ timeout: 30_000 });
    expect(await page.getByText(FAKE_TRANSCRIPT).count()).toBeGreaterThan(0);
    expect((await spoken).status()).toBe(200);
    await conversationState(page, T.speaking).waitFor({ timeout: 15_000 });
    const audio = page.getByTestId('conversation-audio');
    expect(await audio.getAttribute('src')).toMatch(/^\/api\/voice\/files\//);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime > 0), {
        timeout: 20_000,
      })
      .toBe(true);

    // The speech ended: listening again. The next take is held on its way (never reaches the server, so it costs
    // nothing) to sweep the running loop's controls at both widths and in both themes.
    const held: Route[] = [];
    await page.route('**/api/voice/transcribe', (route) => void held.push(route));
    await conversationState(page, T.listening).waitFor({ timeout: 60_000 });
    await conversationState(page, T.thinking).waitFor({ timeout: 20_000 });
    const sweep = new Sweep();
    await sweep.check(page, 'chat-agent', 'conversation');
    expect(sweep.findings, sweep.report()).toEqual([]);

    // Stop, from the keyboard: the loop ends at once and its held take is dropped.
    await page.getByRole('button', { name: T.stopConversation }).focus();
    await page.keyboard.press('Enter');
    await start.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('conversation-state').textContent()).toBe('');
    for (const route of held) await route.abort();

    // One transcription (1 credit a started minute), the message and one read aloud: nothing more.
    const charged = 1 + toolCost('chat-agent') + toolCost('text-to-speech');
    await page
      .getByTestId('credit-balance')
      .getByText(`${50 - charged} credits`)
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'chat-conversation');
  });
});
