import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '@act/contracts';
import { createTestHost, pngFile } from '@act/host-sdk/testing';
import { ImageToPromptPage } from './image-to-prompt-page';

afterEach(cleanup);

function setup(options: { credits?: number } = {}) {
  const test = createTestHost({ toolId: 'image-to-prompt', ...options });
  // applyAccept false: a user can still pick any file through the dialog's 'All files' filter.
  const user = userEvent.setup({ applyAccept: false });
  render(<ImageToPromptPage host={test.host} />);
  const fileInput = () =>
    screen.getByLabelText<HTMLInputElement>(/Drag and drop an image here/, { selector: 'input' });
  return { ...test, user, fileInput };
}

const runButton = () =>
  screen.getByRole('button', {
    name: /Select an Image First|Generate Prompt|Insufficient Credits|Processing/,
  });

describe('Image to Prompt screen', () => {
  it('asks for an image first and offers drag-and-drop or click upload', () => {
    setup();
    expect(runButton().textContent).toBe('Select an Image First');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('button', { name: /Drag and drop an image here, or click to upload/ }),
    ).toBeTruthy();
    expect(screen.getByText('PNG, JPG, JPEG, WebP up to 10MB')).toBeTruthy();
  });

  it('shows the preview, the file name and its size in KB, and enables Generate Prompt (2 credits)', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), pngFile('sunset.png', 2560));
    expect(await screen.findByAltText('Preview of sunset.png')).toBeTruthy();
    expect(screen.getByText('sunset.png')).toBeTruthy();
    expect(screen.getByText('2.5 KB')).toBeTruthy();
    expect(runButton().textContent).toBe('Generate Prompt (2 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(false);
  });

  it('accepts a dropped image', async () => {
    setup();
    const zone = screen.getByRole('button', { name: /Drag and drop an image here/ });
    fireEvent.drop(zone, { dataTransfer: { files: [pngFile('dropped.png')] } });
    expect(await screen.findByAltText('Preview of dropped.png')).toBeTruthy();
  });

  it('refuses a file that is not PNG, JPG or WebP, and one over 10MB, in the spec words', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_TEXTS.validation.invalidImage);
    await user.upload(fileInput(), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.validation.invalidImage);
    await user.upload(fileInput(), pngFile('huge.png', 10 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.validation.imageTooLarge);
    expect(runButton().textContent).toBe('Select an Image First');
  });

  it('says Insufficient Credits when the balance is below 2', async () => {
    const { user, fileInput } = setup({ credits: 1 });
    await user.upload(fileInput(), pngFile());
    await screen.findByAltText('Preview of photo.png');
    expect(runButton().textContent).toBe('Insufficient Credits');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('generates: disables the controls while busy, shows the prompt, updates the balance, and copies', async () => {
    const { user, fileInput, hold, calls, onCreditsChange } = setup();
    await user.upload(fileInput(), pngFile('cat.png'));
    await screen.findByAltText('Preview of cat.png');
    const release = hold();
    await user.click(runButton());

    expect(runButton().textContent).toContain('Processing...');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
    expect(calls[0]?.path).toBe('/api/prompt/generate-image-prompt');
    expect(calls[0]?.body.toolName).toBe('image-to-prompt');
    expect(String(calls[0]?.body.image)).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect(calls[0]?.authorization).toBe('Bearer test-access-token');

    release({
      status: 200,
      body: { success: true, prompt: 'A tabby cat, golden hour, 85mm', remainingCredits: 48 },
    });
    expect(await screen.findByText('A tabby cat, golden hour, 85mm')).toBeTruthy();
    expect(onCreditsChange).toHaveBeenCalledWith(48);
    expect(runButton().textContent).toBe('Generate Prompt (2 credits)');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('A tabby cat, golden hour, 85mm');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy(), {
      timeout: 3_000,
    });
  });

  it("shows the server's error text, and the spec fallback when there is no answer", async () => {
    const { user, fileInput, reply, failNetwork } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByAltText('Preview of photo.png');

    reply(502, { success: false, error: ERROR_TEXTS.ui.generatePromptRetry, code: 'PROVIDER_FAILED' });
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to generate prompt. Please try again.',
    );

    failNetwork();
    await user.click(runButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.network.generatePrompt),
    );
  });

  it('offers Sign Up to a guest whose free try is used', async () => {
    const { user, fileInput, reply, navigate } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByAltText('Preview of photo.png');
    reply(403, {
      success: false,
      error: ERROR_TEXTS.toolUse.needsSignup,
      code: 'NEEDS_SIGNUP',
      needsSignup: true,
    });
    await user.click(runButton());
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(navigate).toHaveBeenCalledWith('/auth?signup=true');
  });

  it('removing the image brings back the drop zone and clears the result', async () => {
    const { user, fileInput, reply } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByAltText('Preview of photo.png');
    reply(200, { success: true, prompt: 'some prompt', remainingCredits: 48 });
    await user.click(runButton());
    await screen.findByText('some prompt');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('some prompt')).toBeNull();
    expect(screen.queryByAltText('Preview of photo.png')).toBeNull();
    expect(runButton().textContent).toBe('Select an Image First');
  });
});
