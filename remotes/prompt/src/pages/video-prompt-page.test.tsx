import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS, UI_TEXTS } from '@act/contracts';
import { createTestHost, pngFile } from '@act/host-sdk/testing';
import { VideoPromptPage } from './video-prompt-page';

afterEach(cleanup);

function setup(options: { credits?: number } = {}) {
  const test = createTestHost({ toolId: 'image-to-video-prompt', ...options });
  const user = userEvent.setup();
  render(<VideoPromptPage host={test.host} />);
  const fileInput = () =>
    screen.getByLabelText<HTMLInputElement>(/Drag and drop an image here/, { selector: 'input' });
  const action = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Action Description' });
  return { ...test, user, fileInput, action };
}

const runButton = () =>
  screen.getByRole('button', {
    name: /Select an Image First|Insufficient Credits|Generate Video Prompt|Processing/,
  });

describe('Image to Video Prompt screen', () => {
  it('starts with English, Static and Cinematic, and shows the tips', () => {
    setup();
    expect(screen.getByRole('combobox', { name: 'Prompt Language' }).textContent).toContain('English');
    expect(screen.getByRole('combobox', { name: 'Camera Motion' }).textContent).toContain('Static');
    expect(screen.getByRole('combobox', { name: 'Video Style' }).textContent).toContain('Cinematic');
    const tips = screen.getByRole('complementary', { name: UI_TEXTS.videoPrompt.tipsTitle });
    for (const tip of UI_TEXTS.videoPrompt.tips) expect(tips.textContent).toContain(tip);
    expect(runButton().textContent).toBe('Select an Image First');
  });

  it('needs an image and a non-empty action description', async () => {
    const { user, fileInput, action } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByText('photo.png');
    expect(runButton().textContent).toBe('Generate Video Prompt (2 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(action().required).toBe(true);
    await user.type(action(), '   ');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    await user.type(action(), 'she waves');
    expect(runButton().hasAttribute('disabled')).toBe(false);
  });

  it('says Insufficient Credits below 2 credits', async () => {
    const { user, fileInput } = setup({ credits: 1 });
    await user.upload(fileInput(), pngFile());
    await screen.findByText('photo.png');
    expect(runButton().textContent).toBe('Insufficient Credits');
  });

  it('sends every choice, locks the form while busy, and shows the prompt with Copy', async () => {
    const { user, fileInput, action, hold, calls, onCreditsChange } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByText('photo.png');
    await user.click(screen.getByRole('combobox', { name: 'Camera Motion' }));
    await user.click(await screen.findByRole('option', { name: 'Crane Up' }));
    await user.click(screen.getByRole('combobox', { name: 'Video Style' }));
    await user.click(await screen.findByRole('option', { name: 'Anime' }));
    await user.type(action(), ' the kite rises ');

    const release = hold();
    await user.click(runButton());
    expect(runButton().textContent).toContain('Processing...');
    expect(action().disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Camera Motion' }).hasAttribute('disabled')).toBe(true);
    expect(calls[0]).toMatchObject({
      path: '/api/prompt/generate-video-prompt',
      body: {
        language: 'English',
        cameraMotion: 'crane-up',
        videoStyle: 'anime',
        actionDescription: 'the kite rises',
        toolName: 'image-to-video-prompt',
      },
    });

    release({
      status: 200,
      body: { success: true, prompt: 'Anime style, a kite rises', remainingCredits: 44 },
    });
    expect(await screen.findByText('Anime style, a kite rises')).toBeTruthy();
    expect(onCreditsChange).toHaveBeenCalledWith(44);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
  });

  it('shows the error in the spec words', async () => {
    const { user, fileInput, action, reply } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByText('photo.png');
    await user.type(action(), 'x');
    reply(502, { success: false, error: ERROR_TEXTS.ui.generateVideoPromptRetry, code: 'PROVIDER_FAILED' });
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to generate video prompt. Please try again.',
    );
  });
});
