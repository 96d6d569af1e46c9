import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, UI_TEXTS, plansPath } from '@act/contracts';
import { createTestHost } from '@act/host-sdk/testing';
import { MagicEnhancePage } from './magic-enhance-page';

afterEach(cleanup);

function setup(options: { credits?: number } = {}) {
  const test = createTestHost({ toolId: 'magic-enhance', ...options });
  const user = userEvent.setup();
  render(<MagicEnhancePage host={test.host} />);
  return { ...test, user, textArea: () => screen.getByLabelText<HTMLTextAreaElement>('Your prompt') };
}

const runButton = () =>
  screen.getByRole('button', {
    name: /Enter Text First|Enhance \(1 credit\)|Insufficient Credits|Processing/,
  });

describe('Magic Enhance screen', () => {
  it('needs non-blank text: Enter Text First', async () => {
    const { user, textArea } = setup();
    expect(runButton().textContent).toBe('Enter Text First');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    await user.type(textArea(), '   ');
    expect(runButton().textContent).toBe('Enter Text First');
    await user.type(textArea(), 'a fox');
    expect(runButton().textContent).toBe('Enhance (1 credit)');
    expect(runButton().hasAttribute('disabled')).toBe(false);
  });

  it('shows the tips box', () => {
    setup();
    const tips = screen.getByRole('complementary', { name: UI_TEXTS.magicEnhance.tipsTitle });
    for (const tip of UI_TEXTS.magicEnhance.tips) expect(tips.textContent).toContain(tip);
  });

  it('says Insufficient Credits at 0 credits', async () => {
    const { user, textArea } = setup({ credits: 0 });
    await user.type(textArea(), 'a fox');
    expect(runButton().textContent).toBe('Insufficient Credits');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('offers the plans beside Insufficient Credits, coming back to this tool', async () => {
    window.history.pushState({}, '', '/tools/magic-enhance');
    const { user, textArea, navigate } = setup({ credits: 0 });
    await user.type(textArea(), 'a fox');
    await user.click(screen.getByRole('link', { name: UI_TEXTS.common.seePlans }));
    expect(navigate).toHaveBeenCalledWith(plansPath('/tools/magic-enhance'));
  });

  it('enhances the trimmed text, locks the form while busy, shows the read-only result and the new balance', async () => {
    const { user, textArea, hold, calls, onCreditsChange } = setup();
    await user.type(textArea(), '  a fox in snow  ');
    const release = hold();
    await user.click(runButton());
    expect(runButton().textContent).toContain('Processing...');
    expect(textArea().disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Clear All' }).hasAttribute('disabled')).toBe(true);
    expect(calls[0]).toMatchObject({
      path: '/api/prompt/generate-text-prompt',
      body: { text: 'a fox in snow', toolName: 'magic-enhance' },
    });

    release({
      status: 200,
      body: { success: true, prompt: 'A red fox in fresh snow, golden hour', remainingCredits: 49 },
    });
    const result = await screen.findByLabelText('Enhanced Prompt', { selector: 'div' });
    expect(result.textContent).toBe('A red fox in fresh snow, golden hour');
    expect(result.tagName).not.toBe('TEXTAREA');
    expect(onCreditsChange).toHaveBeenCalledWith(49);
    expect(textArea().disabled).toBe(false);
  });

  it('Clear All empties the text, the result and the error', async () => {
    const { user, textArea, reply } = setup();
    await user.type(textArea(), 'a fox');
    reply(200, { success: true, prompt: 'Enhanced fox', remainingCredits: 49 });
    await user.click(runButton());
    await screen.findByText('Enhanced fox');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(textArea().value).toBe('');
    expect(screen.queryByText('Enhanced fox')).toBeNull();
    expect(runButton().textContent).toBe('Enter Text First');
  });

  it('shows the spec text when enhancing fails', async () => {
    const { user, textArea, reply, failNetwork } = setup();
    await user.type(textArea(), 'a fox');
    reply(502, { success: false, error: ERROR_TEXTS.ui.enhancePromptRetry, code: 'PROVIDER_FAILED' });
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to enhance prompt. Please try again.',
    );
    failNetwork();
    await user.click(runButton());
    expect((await screen.findByText(ERROR_TEXTS.ui.enhancePrompt)).textContent).toBe(
      'Failed to enhance prompt',
    );
  });
});
