// Compare, then fuse or continue (issue 25) in Chromium against the running system and the slow fake provider: a
// member compares four answers (5 credits), has Claude fuse them into a fifth card with what it took from each
// (2 credits, balance 43), finds it again after a reload, then continues with GPT-4o Mini as a chat agent session
// (free) whose history is the question and GPT's answer, and sends one more message there (2 credits, balance 41).
import { describe, expect, it } from 'vitest';
import { PLAYGROUND_MODEL_INFO, UI_TEXTS } from '@act/contracts';
import { screenshot, seriousA11yViolations, uniqueEmail } from './support/browser';
import { FAKE_FUSED_ANSWER } from './support/fake-provider';
import { goto, sendChatMessage, signUp, useBrowser } from './support/fixtures';

const T = UI_TEXTS.chat;
const QUESTION = 'Which is larger, a kilobyte or a kibibyte?';

describe('AI Chat Playground: fuse and continue', () => {
  const browser = useBrowser();

  it('fuses the four answers for 2 credits, keeps the fused card, and continues with one model', async () => {
    const page = await browser.newPage({ width: 1440, height: 900 });
    await signUp(page, uniqueEmail('fuse'));
    await goto(page, '/tools/ai-chat-playground');
    await sendChatMessage(page, QUESTION);
    await page.getByTestId('credit-balance').getByText('45 credits').waitFor();

    // Fuse: the cost on the button, Claude chosen by keyboard in the picker.
    const fuse = page.getByRole('button', { name: T.fuse(2) });
    await fuse.waitFor();
    const picker = page.getByRole('combobox', { name: T.fuseModelLabel });
    await picker.focus();
    await picker.press('Enter');
    await page.getByRole('option', { name: 'Claude 4 Sonnet' }).click();
    expect(await picker.textContent()).toContain('Claude 4 Sonnet');
    await fuse.click();
    const card = page.getByRole('region', { name: T.fusedBy('Claude 4 Sonnet') });
    await card.waitFor({ timeout: 15_000 });
    // It streams, and Stop is offered meanwhile.
    await page.getByTestId('fuse-panel').getByRole('button', { name: 'Stop' }).waitFor();
    await fuse.waitFor({ timeout: 30_000 });
    await card.getByText(FAKE_FUSED_ANSWER).waitFor();
    const parts = await card.getByRole('list', { name: T.takenFrom }).getByRole('listitem').allTextContents();
    expect(parts).toEqual(['GPT-4o Mini — the sizes', 'Claude 4 Sonnet — the code']);
    expect(await card.getByTestId('reply-cost').textContent()).toBe('2 credits');
    await page.getByTestId('credit-balance').getByText('43 credits').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'chat-playground-fused', { fullPage: false });

    // Saved with the session: the address opens it again with its fifth card.
    await page.reload({ waitUntil: 'networkidle' });
    const reloaded = page.getByRole('region', { name: T.fusedBy('Claude 4 Sonnet') });
    await reloaded.getByText(FAKE_FUSED_ANSWER).waitFor({ timeout: 15_000 });
    const gpt = page.getByRole('region', { name: PLAYGROUND_MODEL_INFO['openai/gpt-4o-mini'].name });
    const gptAnswer = (await gpt.getByTestId('chat-reply').last().locator('.ch-md').textContent()) ?? '';
    expect(gptAnswer).toContain('Answer from');

    // Continue with GPT-4o Mini: a chat agent session with the question and GPT's answer, free.
    await gpt.getByRole('button', { name: T.continueWithModelLabel('GPT-4o Mini') }).click();
    await page.waitForURL(/\/tools\/chat-agent\?session=[0-9a-f-]{36}$/, { timeout: 15_000 });
    await page.getByTestId('chosen-model').getByText('GPT-4o Mini').waitFor({ timeout: 15_000 });
    await page.getByLabel(T.you, { exact: true }).getByText(QUESTION).waitFor();
    expect(await page.getByTestId('chat-reply').first().locator('.ch-md').textContent()).toBe(gptAnswer);
    expect(await page.getByTestId('credit-balance').textContent()).toBe('43 credits');

    const agentInput = page.getByPlaceholder(/Type your message/);
    await agentInput.fill('And by how much?');
    await agentInput.press('Enter');
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 30_000 });
    await page
      .getByTestId('chat-reply')
      .nth(1)
      .getByText(/Answer from/)
      .waitFor();
    expect(await page.getByTestId('chat-reply').count()).toBe(2);
    await page.getByTestId('credit-balance').getByText('41 credits').waitFor();
    await screenshot(page, 'chat-agent-continued', { fullPage: false });
  });
});
