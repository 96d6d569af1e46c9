// The prompt library and Deep Search follow-ups (issue 38) in Chromium against the running system. A member saves a
// prompt from a sent message, types `/` and part of its title in the Chat Agent box, presses Enter and gets its body
// with the first placeholder selected. A Deep Search follow-up in a report's session cites the pages it read and
// carries the earlier report (the fake provider quotes the earlier report it was given), charged 4 again.
import { describe, expect, it } from 'vitest';
import { CHAT_PROMPT_TEXTS, DEEP_SEARCH_TEXTS } from '@act/contracts';
import { seriousA11yViolations, uniqueEmail } from './support/browser';
import { EARLIER_REPORT_NOTE } from './support/fake-provider';
import { goto, sendChatMessage, signUp, useBrowser } from './support/fixtures';

const P = CHAT_PROMPT_TEXTS;
const D = DEEP_SEARCH_TEXTS;
const BODY = 'Explain {{topic}} to a {{audience}}';

describe('the prompt library', () => {
  const browser = useBrowser();

  it('saves a prompt from a sent message, then / and Enter insert it with the placeholder selected', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('prompts'));
    await goto(page, '/tools/chat-agent');
    await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
    await sendChatMessage(page, BODY);

    await page.getByRole('button', { name: P.saveAsPrompt }).first().click();
    const dialog = page.getByRole('dialog', { name: P.saveTitle });
    await dialog.getByLabel(P.titleLabel).fill('Teach a topic');
    await dialog.getByRole('button', { name: P.save }).click();
    await dialog.waitFor({ state: 'hidden' });

    const input = page.getByPlaceholder(/Type your message/);
    await input.click();
    await input.pressSequentially('/teach');
    const menu = page.getByRole('listbox', { name: P.menuLabel });
    await menu.getByRole('option', { name: /Teach a topic/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await input.press('Enter');
    await menu.waitFor({ state: 'hidden' });
    expect(await input.inputValue()).toBe(BODY);
    const selected = await input.evaluate((box: HTMLTextAreaElement) =>
      box.value.slice(box.selectionStart, box.selectionEnd),
    );
    expect(selected).toBe('{{topic}}');
  });
});

describe('Deep Search follow-ups', () => {
  const browser = useBrowser();

  it('asks a follow-up in the report’s session that cites pages and carries the earlier report', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await signUp(page, uniqueEmail('deep-follow'));
    await goto(page, '/tools/deep-search');
    await page.getByLabel(D.questionLabel).fill('Why are there tides?');
    await page.getByRole('button', { name: D.research(4) }).click();
    await page.getByRole('button', { name: D.copy }).waitFor({ timeout: 30_000 });

    await page.getByLabel(D.followUpLabel).fill('And what about the Sun?');
    await page.getByRole('button', { name: D.followUp(4) }).click();
    const reports = page.getByRole('article', { name: D.reportLabel });
    await expect.poll(() => reports.count(), { timeout: 30_000 }).toBe(2);
    await reports.nth(1).getByRole('button', { name: D.copy }).waitFor({ timeout: 30_000 });
    const followUp = reports.nth(1);
    expect(await followUp.getByRole('heading').first().textContent()).toBe('And what about the Sun?');
    expect(await followUp.textContent()).toContain(EARLIER_REPORT_NOTE.trim());
    const cite = followUp.getByRole('link', { name: /^Source 1: / });
    expect(await cite.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pages\/\w+$/);
    await expect
      .poll(() => page.getByTestId('credit-balance').textContent(), { timeout: 10_000 })
      .toBe('42 credits');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
