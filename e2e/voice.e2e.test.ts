// The voice tools of issue 14 in Chromium against the running system, with no ElevenLabs key (the voice service speaks
// with its bundled eSpeak NG engine and isolates with RNNoise): a member previews a voice, types a sentence, generates
// it for 30 credits (balance 20), the result plays in the page's own player (its position advances, so the stored MP3
// really decodes and streams), seeks, and Download saves it as speech-<timestamp>.mp3. The isolator takes a WAV, shows
// its wait and gives a result with Before/After for 20; Sound Effects says first that it needs a provider key.
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, UI_TEXTS, notAvailableWithoutProviderKey } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';
import { noisyToneWav } from './support/audio';

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

    // A voice's sample plays before anything is paid.
    await page
      .getByRole('button', { name: /^Preview / })
      .first()
      .click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>('audio.vo-voices__preview');
        return audio !== null && audio.currentTime > 0.2;
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: /^Stop preview of / }).click();

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

describe('Voice Isolator and Sound Effects without a provider key', () => {
  const browser = useBrowser();

  it('isolates an uploaded WAV for 20 credits with Before/After, and Sound Effects says it needs a key first', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('isolator'));
    await goto(page, '/tools/voice-isolator');
    const V = UI_TEXTS.voiceIsolator;
    await page.getByText(V.uploadHint).waitFor({ timeout: 15_000 });
    // The local engine's formats are said before anything is chosen.
    await page.getByText(ERROR_TEXTS.voice.localFormats).waitFor({ timeout: 15_000 });
    await page
      .getByLabel(V.uploadTitle, { exact: true })
      .setInputFiles({ name: 'noisy.wav', mimeType: 'audio/wav', buffer: noisyToneWav(3) });
    await page.getByText('noisy.wav').waitFor();
    await page.getByRole('button', { name: V.isolate }).click();

    const result = page.getByRole('region', { name: V.resultTitle, exact: true });
    const player = result.getByRole('region', { name: /^isolated-audio-\d+\.mp3$/ });
    await player.waitFor({ timeout: 90_000 });
    await page.getByTestId('credit-balance').getByText('30 credits').waitFor({ timeout: 10_000 });
    await player.getByRole('radio', { name: UI_TEXTS.common.before }).click();
    expect(await player.locator('audio').getAttribute('src')).toMatch(/^blob:/);
    await player.getByRole('radio', { name: UI_TEXTS.common.after }).click();
    expect(await player.locator('audio').getAttribute('src')).toMatch(/^\/api\/voice\/files\//);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      player.getByRole('button', { name: UI_TEXTS.voice.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^isolated-audio-\d+\.mp3$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'voice-isolator');

    await goto(page, '/tools/sound-effects');
    await page
      .getByText(notAvailableWithoutProviderKey('Sound Effects Generator'))
      .waitFor({ timeout: 15_000 });
    expect(await page.getByLabel(UI_TEXTS.soundEffects.descriptionLabel).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: UI_TEXTS.soundEffects.generate }).isDisabled()).toBe(true);
  });
});
