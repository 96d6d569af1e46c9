// The accessibility sweep (docs/architecture.md#accessibility-sweep) of the chat workspace's states (issue 38) on
// Chat Agent: the new-project, edit-project, delete-project, move-chat and custom-instructions dialogs open, the
// "Instructions in use" note open, and the `/` prompt menu open in the message box; each by axe at 1366 px and 390 px
// in both themes, photographed, and without sideways scrolling at 320 px.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CHAT_PROMPT_TEXTS, UI_TEXTS } from '@act/contracts';
import { signUpWithPlentyOfCredits, Sweep, SWEEP_TIMEOUT_MS } from './support/a11y-sweep';
import { uniqueEmail } from './support/browser';
import { goto, sendChatMessage, useBrowser } from './support/fixtures';

const T = UI_TEXTS.chatWorkspace;
const SCREEN = 'chat-agent';

/** Checks the open dialog, then closes it with Esc. */
async function checkDialog(page: Page, sweep: Sweep, dialog: Locator, state: string): Promise<void> {
  await dialog.waitFor();
  await sweep.check(page, SCREEN, state);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe('accessibility sweep: chat workspace', () => {
  const browser = useBrowser();

  it(
    'finds no axe violation and no sideways scrolling in the workspace’s dialogs, note and prompt menu',
    async () => {
      const sweep = new Sweep();
      const page = await browser.newPage({ width: 1366, height: 900 });
      const token = await signUpWithPlentyOfCredits(page, uniqueEmail('a11y-workspace'));
      const auth = { authorization: `Bearer ${token}` };
      const prompt = await page.request.post('/api/chat/prompts', {
        headers: auth,
        data: { title: 'Teach a topic', body: 'Explain {{topic}} to a {{audience}}' },
      });
      expect(prompt.ok()).toBe(true);
      const own = await page.request.put('/api/chat/instructions', {
        headers: auth,
        data: { text: 'Keep answers short and plain.', enabled: true },
      });
      expect(own.ok()).toBe(true);

      await goto(page, '/tools/chat-agent');
      await page.getByRole('button', { name: T.newProject }).click();
      const create = page.getByRole('dialog', { name: T.newProject });
      await create.waitFor();
      await sweep.check(page, SCREEN, 'project-new');
      await create.getByLabel(T.projectName).fill('Harbour novel');
      await create.getByLabel(T.projectInstructions).fill('Write like a harbour pilot.');
      await create.getByRole('button', { name: T.save }).click();
      await create.waitFor({ state: 'hidden' });
      await page.getByRole('combobox', { name: T.projectLabel }).selectOption({ label: 'Harbour novel' });

      await page.getByRole('heading', { name: UI_TEXTS.chat.chooseModel }).waitFor({ timeout: 15_000 });
      await page.getByTestId('chat-model').filter({ hasText: 'GPT-4o Mini' }).click();
      await sendChatMessage(page, 'How do lighthouses keep their light steady?');
      const note = page.getByTestId('instructions-in-use');
      await note.getByText(T.instructionsInUse).click();
      await note.getByText('Write like a harbour pilot.').waitFor();
      await sweep.check(page, SCREEN, 'instructions-in-use');

      await page.getByRole('button', { name: T.editProject }).click();
      await checkDialog(page, sweep, page.getByRole('dialog', { name: T.editProject }), 'project-edit');
      await page.getByRole('button', { name: T.deleteProject }).click();
      await checkDialog(page, sweep, page.getByRole('dialog', { name: T.deleteProject }), 'project-delete');
      await page
        .getByRole('button', { name: /^Move to a project: / })
        .first()
        .click();
      await checkDialog(page, sweep, page.getByRole('dialog', { name: T.moveTitle }), 'move-chat');
      await page.getByRole('button', { name: T.customInstructions }).click();
      const instructions = page.getByRole('dialog', { name: T.customInstructions });
      await instructions.getByLabel(T.customInstructionsText).and(page.locator(':enabled')).waitFor();
      await checkDialog(page, sweep, instructions, 'custom-instructions');

      const input = page.getByPlaceholder(/Type your message/);
      await input.click();
      await input.pressSequentially('/teach');
      const menu = page.getByRole('listbox', { name: CHAT_PROMPT_TEXTS.menuLabel });
      await menu.getByRole('option', { name: /Teach a topic/ }).waitFor();
      await sweep.check(page, SCREEN, 'prompt-menu');

      console.log(sweep.report());
      expect(sweep.findings, sweep.report()).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
