// Text to Speech of issue 14 in Chromium against the running system, with no ElevenLabs key (the voice service speaks
// with its bundled eSpeak NG engine): a member types a sentence, generates it for 30 credits (balance 20), the result
// plays in the page's own player (its position advances, so the stored MP3 really decodes and streams), seeks, and
// Download saves it as speech-<timestamp>.mp3.
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.textToSpeech;

describe('Text to Speech', () => {
  const browser = useBrowser();

  it('speaks a text without a provider key: the player plays and seeks, and Download saves speech-<timestamp>.mp3', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('speech'));
    await goto(page, '/tools/text-to-speech');
    const text = page.getByLabel(T.textLabel);
    await text.waitFor({ timeout: 15_000 });
    // The local voices are listed; the first is chosen.
    const voices = page.getByRole('radio');
    await voices.first().waitFor({ timeout: 15_000 });
    expect(await voices.first().isChecked()).toBe(true);
    expect(await page.getByTestId('credit-balance').textContent()).toBe('50 credits');

    await text.fill(
      'Welcome to the creative toolbox. This sentence is spoken on the server without any provider key, ' +
        'so it should last a few seconds at least.',
    );
    expect(await page.getByText('/ 2000 characters').count()).toBe(1);
    await page.getByRole('button', { name: T.generate }).click();

    const result = page.getByRole('region', { name: T.resultTitle, exact: true });
    const player = result.getByRole('region', { name: /^speech-\d+\.mp3$/ });
    await player.waitFor({ timeout: 60_000 });
    await page.getByTestId('credit-balance').getByText('20 credits').waitFor({ timeout: 10_000 });

    // Plays: the element's position advances and the time shown follows.
    await player.getByRole('button', { name: UI_TEXTS.voice.play }).click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('.vo-result .vo-player audio');
        return audio !== null && !audio.paused && audio.currentTime > 0.5;
      },
      undefined,
      { timeout: 20_000 },
    );
    const duration = await player.locator('audio').evaluate((audio: HTMLAudioElement) => audio.duration);
    expect(duration).toBeGreaterThan(2);
    await player.getByRole('button', { name: UI_TEXTS.voice.pause }).click();

    // Seeks (the file is served with Range support): the position jumps to where the bar was set.
    await player.getByRole('slider', { name: UI_TEXTS.voice.seek }).fill(String(Math.floor(duration / 2)));
    const position = await player.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);
    expect(Math.abs(position - Math.floor(duration / 2))).toBeLessThan(0.6);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      player.getByRole('button', { name: UI_TEXTS.voice.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^speech-\d+\.mp3$/);
    const saved = await download.path();
    expect(saved).toBeTruthy();

    // The new speech is listed under the screen too.
    const recent = page.getByRole('region', { name: T.recentTitle });
    await recent.getByRole('region', { name: download.suggestedFilename() }).waitFor({ timeout: 10_000 });

    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'text-to-speech');
  });
});
