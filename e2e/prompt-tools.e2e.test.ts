// The prompt tools of issue 6 in Chromium against the running system: a member uploads a real PNG to Image to
// Prompt, gets a prompt from the local provider, copies it, sees the balance drop to 48 and the use in Usage
// History; a member with an empty balance sees Magic Enhance refuse, in the page and at the API.
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';
import { gradientPng } from './support/images';
import { setMemberCredits } from './support/members';
import { expectSingleUsageEntry } from './support/usage-history';

const PASSWORD = 'correct-horse-7';

describe('prompt tools', () => {
  const browser = useBrowser();

  it('turns an uploaded PNG into a prompt for 2 credits, copies it, and lists the use in Usage History', async () => {
    const page = await browser.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUp(page, uniqueEmail('image-prompt'), PASSWORD);

    await page
      .getByTestId('tool-card-image-to-prompt')
      .getByRole('button', { name: /Use Tool/ })
      .click();
    await page.waitForURL('**/tools/image-to-prompt');
    await page.getByRole('heading', { level: 1, name: 'Image to Prompt' }).waitFor();
    const run = page.getByRole('button', { name: /Select an Image First|Generate Prompt|Processing/ });
    await run.waitFor({ timeout: 15_000 });
    expect(await run.textContent()).toBe('Select an Image First');
    expect(await run.isDisabled()).toBe(true);

    const png = await gradientPng(64, 48);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Preview of gradient.png').waitFor();
    expect(await page.locator('.pr-upload__name').textContent()).toBe('gradient.png');
    expect(await page.locator('.pr-upload__size').textContent()).toMatch(/^\d+(\.\d+)? KB$/);
    expect(await run.textContent()).toBe('Generate Prompt (2 credits)');

    await run.click();
    // The result text itself (aria-label), not the section that the heading of the same name labels.
    const result = page.locator('[aria-label="Generated Prompt"]');
    await result.waitFor({ timeout: 30_000 });
    const prompt = (await result.textContent()) ?? '';
    expect(prompt.length, prompt).toBeGreaterThan(40);
    // The local provider says its output is a local analysis; the gradient is wider than tall.
    expect(prompt.toLowerCase()).toContain('local analysis');
    expect(prompt.toLowerCase()).toMatch(/landscape|horizontal|wide/);
    expect(await page.getByTestId('credit-balance').textContent()).toBe('48 credits');
    expect(await run.textContent()).toBe('Generate Prompt (2 credits)');

    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(prompt);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'image-to-prompt-result');
    // 'Copied!' lasts 2 s, then the button reads Copy again.
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 4_000 });

    await expectSingleUsageEntry(page, { tool: 'Image To Prompt', cost: '2 credits', balance: '48 credits' });
  });

  it('shows Insufficient Credits on Magic Enhance when the balance is below its cost', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('broke');
    await signUp(page, email, PASSWORD);
    const token = await setMemberCredits(page, email, PASSWORD, 0);

    await goto(page, '/tools/magic-enhance');
    await page.getByRole('heading', { level: 1, name: 'Magic Enhance' }).waitFor();
    await page.getByLabel('Your prompt').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('credit-balance').textContent()).toBe('0 credits');
    await page.getByLabel('Your prompt').fill('a lighthouse on a cliff at dusk');
    const run = page.getByRole('button', { name: 'Insufficient Credits' });
    await run.waitFor();
    expect(await run.isDisabled()).toBe(true);
    await screenshot(page, 'magic-enhance-insufficient');

    // The server refuses too, so the label is not the only guard.
    const reply = await page.request.post('/api/prompt/generate-text-prompt', {
      headers: { authorization: `Bearer ${token}` },
      data: { text: 'a lighthouse on a cliff at dusk', toolName: 'magic-enhance' },
    });
    expect(reply.status()).toBe(402);
    expect(await reply.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_CREDITS',
      error: ERROR_TEXTS.toolUse.insufficientCredits,
    });
  });
});
