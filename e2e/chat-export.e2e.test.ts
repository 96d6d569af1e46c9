// Export (docs/product-rules.md#chat-export) in Chromium against the running system with the local fake provider: a
// member asks Chat Agent a question with web search (its answer cites two sources), then saves the chat as Markdown
// and as a printable HTML page. Both files keep the citations as links; the HTML page, opened from disk, runs nothing
// the conversation contains (a question carrying an <img onerror> stays text) and its Print button opens printing.
// Chat Reasoning's export keeps the reasoning collapsed.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_TEXTS } from '@act/contracts';
import { uniqueEmail } from './support/browser';
import { FAKE_SEARCH_RESULTS } from './support/fake-provider';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.chatExport;
const HOSTILE = 'Any news on rates <img src=x onerror="window.pwned=1"> today?';

async function lastReplyDone(page: Page) {
  await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="chat-reply"][data-status="done"]').last().waitFor({ timeout: 30_000 });
}

/** Presses an Export button and returns the downloaded file's name, path and text. */
async function exportAs(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('group', { name: T.groupLabel }).getByRole('button', { name: button }).click(),
  ]);
  // Saved under its own name (a file's extension tells the browser what it is when it is opened from disk).
  const name = download.suggestedFilename();
  const path = join(await mkdtemp(join(tmpdir(), 'act-export-')), name);
  await download.saveAs(path);
  return { name, path, text: await readFile(path, 'utf8') };
}

describe('Export a chat', () => {
  const browser = useBrowser();

  it('downloads a cited Chat Agent conversation as Markdown and as an inert printable page', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('export'));
    await goto(page, '/tools/chat-agent');
    await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
    await page.locator('.ch-toggle').click();
    const input = page.getByPlaceholder(/Type your message/);
    await input.fill(HOSTILE);
    await input.press('Enter');
    await lastReplyDone(page);
    await page.waitForURL(/\?session=/);

    const markdown = await exportAs(page, T.markdown);
    expect(markdown.name).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.md$/);
    expect(markdown.text).toMatch(/^# .+\n\n_Chat Agent · exported \d{4}-\d{2}-\d{2}_/);
    expect(markdown.text).toContain(`**You**\n\n${HOSTILE}\n\n**GPT-4o Mini**`);
    // The answer's markers link to their sources, listed after it.
    expect(markdown.text).toContain(`[2](${FAKE_SEARCH_RESULTS[1]!.url})`);
    expect(markdown.text).toContain(
      `Sources:\n\n1. [${FAKE_SEARCH_RESULTS[0]!.title}](${FAKE_SEARCH_RESULTS[0]!.url})\n2. [${FAKE_SEARCH_RESULTS[1]!.title}](${FAKE_SEARCH_RESULTS[1]!.url})`,
    );

    const printable = await exportAs(page, T.printable);
    expect(printable.name).toBe(markdown.name.replace(/\.md$/, '.html'));
    expect(printable.text).toContain('@media print');

    // Opened from disk: the question is shown as written and nothing in it ran; the Print button opens printing.
    const file = await page.context().newPage();
    await file.addInitScript(() => {
      const flags = window as unknown as { printed?: boolean };
      window.print = () => {
        flags.printed = true;
      };
    });
    await file.goto(pathToFileURL(printable.path).href);
    expect(await file.locator('.prompt').textContent()).toBe(HOSTILE);
    expect(await file.locator('img').count()).toBe(0);
    expect(await file.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    const sources = file.locator('.sources a');
    expect(await sources.count()).toBe(2);
    expect(await sources.nth(0).getAttribute('href')).toBe(FAKE_SEARCH_RESULTS[0]!.url);
    expect(await file.locator('.answer a', { hasText: '[2]' }).getAttribute('href')).toBe(
      FAKE_SEARCH_RESULTS[1]!.url,
    );
    await file.getByRole('button', { name: T.print }).click();
    await file.waitForFunction(() => (window as unknown as { printed?: boolean }).printed === true);
  });

  it('keeps Chat Reasoning’s reasoning collapsed in both files', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('export-reasoning'));
    await goto(page, '/tools/chat-reasoning');
    const input = page.getByPlaceholder(/Type your message/);
    await input.waitFor({ timeout: 15_000 });
    await input.fill('Why is the sky blue?');
    await input.press('Enter');
    await lastReplyDone(page);
    await page.waitForURL(/\?session=/);

    const markdown = await exportAs(page, T.markdown);
    expect(markdown.text).toMatch(
      /\*\*Chat Reasoning\*\*\n\n<details><summary>Reasoning<\/summary>\n\nThinking it through: the question is clear\.\n\n<\/details>\n\nAnswer from /,
    );
    const printable = await exportAs(page, T.printable);
    const file = await page.context().newPage();
    await file.goto(pathToFileURL(printable.path).href);
    const details = file.locator('details');
    expect(await details.getAttribute('open')).toBeNull();
    expect(await details.locator('summary').textContent()).toBe(T.reasoning);
    expect(await file.locator('.reasoning').isVisible()).toBe(false);
    expect(await file.locator('.answer').textContent()).toContain('Answer from');
  });
});
