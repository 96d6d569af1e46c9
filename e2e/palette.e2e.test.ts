// The keyboard in Chromium (docs/product-rules.md#keyboard-shortcuts): Ctrl+K, "cartoon", Enter opens Cartoonify;
// Ctrl+Enter in a tool's field runs the tool; ? lists the shortcuts (and is a plain letter in a field); the open
// palette is axe-clean at 1366 and 390 px in both themes.
import { describe, expect, it } from 'vitest';
import { PALETTE_TEXTS, SHORTCUTS, UI_TEXTS } from '@act/contracts';
import { Sweep } from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, signUp, useBrowser } from './support/fixtures';

describe('keyboard shortcuts', () => {
  const browser = useBrowser();

  it('opens Cartoonify from the palette with Ctrl+K, "cartoon", Enter', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await signUp(page, uniqueEmail('palette'));
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: PALETTE_TEXTS.inputLabel });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('cartoon');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/tools/cartoonify');
    await page.getByRole('heading', { level: 1, name: 'Cartoonify' }).waitFor();
    expect(await page.getByRole('dialog', { name: PALETTE_TEXTS.title }).count()).toBe(0);
  }, 120_000);

  it('runs the tool with Ctrl+Enter while typing in its field, and ? lists the shortcuts outside fields only', async () => {
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await signUp(page, uniqueEmail('run-key'));
    await goto(page, '/tools/magic-enhance');
    const field = page.getByLabel(UI_TEXTS.magicEnhance.inputLabel);
    await field.fill('a lighthouse on a cliff at dusk?');
    // ? typed in the field is text, not the shortcut.
    expect(await field.inputValue()).toBe('a lighthouse on a cliff at dusk?');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await field.press('Control+Enter');
    await page
      .getByText(UI_TEXTS.magicEnhance.resultPlaceholder)
      .waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('button', { name: UI_TEXTS.magicEnhance.enhance }).waitFor({ timeout: 30_000 });

    await page.getByRole('heading', { level: 1, name: 'Magic Enhance' }).click();
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: PALETTE_TEXTS.shortcutsTitle });
    for (const shortcut of SHORTCUTS) await list.getByText(shortcut.action).waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
  }, 180_000);

  it('is axe-clean with the palette open at 1366 and 390 px, light and dark', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    page.setDefaultTimeout(20_000);
    await signUp(page, uniqueEmail('palette-a11y'));
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: PALETTE_TEXTS.inputLabel }).waitFor();
    await page.keyboard.type('image');
    const sweep = new Sweep();
    await sweep.check(page, 'command-palette', 'open');
    expect(sweep.findings, sweep.report()).toEqual([]);
  }, 180_000);
});
