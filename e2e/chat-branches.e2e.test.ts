// Edit and branch (issue 25), in Chromium against the running system with the streaming fake provider: editing a
// message sends a new version of it; the conversation shows "‹ 2/2 ›" and flips back and forth between the two
// branches, each with its own answer; the branch shown survives a reload; another member with the address reaches
// nothing.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { FAKE_CODE } from './support/fake-provider';
import { goto, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.chat;
const TOOL = '/tools/chat-reasoning';

async function sendMessage(page: Page, text: string, replies: number) {
  const input = page.getByPlaceholder(/Type your message/);
  await input.fill(text);
  await input.press('Enter');
  await page
    .locator('[data-testid="chat-reply"][data-status="done"]')
    .nth(replies - 1)
    .waitFor({ timeout: 30_000 });
}

describe('Edit and branch a chat', () => {
  const browser = useBrowser();

  it('an edit makes a branch to flip between, kept across a reload and out of anyone else’s reach', async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUp(page, uniqueEmail('branch'));
    await goto(page, TOOL);
    await page.getByPlaceholder(/Type your message/).waitFor({ timeout: 15_000 });
    await sendMessage(page, 'Hello there', 1);
    await sendMessage(page, 'Tell me about tides', 2);
    await page.waitForURL(/\?session=/);
    const versions = page.getByRole('group', { name: 'Versions' });
    expect(await versions.count()).toBe(0);

    // Edit the second message in place: Save & send says what it costs.
    await page.getByRole('button', { name: T.edit, exact: true }).nth(1).click();
    const box = page.getByRole('textbox', { name: 'Edit your message' });
    await box.fill('Show me some code');
    // The message open for editing passes axe (a labelled field, named buttons).
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: T.saveAndSend(6) }).click();
    await versions.getByText('2/2').waitFor({ timeout: 30_000 });
    await page.getByText(FAKE_CODE).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Tell me about tides').count()).toBe(0);
    await screenshot(page, 'chat-branch-edited', { fullPage: false });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back to the first version: its question and its own answer (no code in it).
    await versions.getByRole('button', { name: T.previousVersion }).click();
    await versions.getByText('1/2').waitFor({ timeout: 15_000 });
    await page.getByText('Tell me about tides').waitFor();
    expect(await page.getByText(FAKE_CODE).count()).toBe(0);
    expect(await page.getByText('Show me some code').count()).toBe(0);
    expect(await page.locator('[data-testid="chat-reply"][data-status="done"]').count()).toBe(2);

    // And forward again, by keyboard.
    await versions.getByRole('button', { name: T.nextVersion }).focus();
    await page.keyboard.press('Enter');
    await versions.getByText('2/2').waitFor({ timeout: 15_000 });
    await page.getByText(FAKE_CODE).waitFor();

    // The branch shown is kept: a reload draws it again.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('group', { name: 'Versions' }).getByText('2/2').waitFor({ timeout: 15_000 });
    await page.getByText('Show me some code').waitFor();
    await page.getByText(FAKE_CODE).waitFor();
    // Three messages charged at 6 each.
    await page.getByTestId('credit-balance').getByText('32 credits').waitFor({ timeout: 15_000 });

    // Another member with the address reaches nothing.
    const address = page.url();
    const stranger = await browser.newPage({ width: 1280, height: 900 });
    await signUp(stranger, uniqueEmail('branch-stranger'));
    await goto(stranger, new URL(address).pathname + new URL(address).search);
    await stranger.getByText(ERROR_TEXTS.server.notFound).waitFor({ timeout: 15_000 });
    expect(await stranger.getByText('Show me some code').count()).toBe(0);
    expect(await stranger.getByRole('group', { name: 'Versions' }).count()).toBe(0);
  });
});
