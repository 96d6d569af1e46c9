import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ANALYSIS_TASKS, ERROR_TEXTS } from '@act/contracts';
import { createTestHost, pngFile } from '@act/host-sdk/testing';
import { DescribeImagePage, describeImageButton } from './describe-image-page';

afterEach(cleanup);

function setup(options: { credits?: number } = {}) {
  const test = createTestHost({ toolId: 'ai-describe-image', ...options });
  const user = userEvent.setup();
  render(<DescribeImagePage host={test.host} />);
  const fileInput = () =>
    screen.getByLabelText<HTMLInputElement>(/Drag and drop an image here/, { selector: 'input' });
  return { ...test, user, fileInput };
}

const runButton = () =>
  screen.getByRole('button', {
    name: /Select an Image First|Select Analysis Task|Insufficient Credits|Generate Description|Processing/,
  });

describe('AI Describe Image screen', () => {
  it('starts with English and Describe in detail checked, and asks for an image first', () => {
    setup();
    expect(runButton().textContent).toBe('Select an Image First');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Description Language' }).textContent).toContain('English');
    const tasks = within(screen.getByRole('radiogroup', { name: 'Analysis Task' })).getAllByRole('radio');
    expect(tasks).toHaveLength(ANALYSIS_TASKS.length);
    expect(screen.getByRole('radio', { name: 'Describe in detail' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('shows name, size in KB and a Clear Image button after upload', async () => {
    const { user, fileInput } = setup();
    await user.upload(fileInput(), pngFile('street.png', 1024));
    expect(await screen.findByText('street.png')).toBeTruthy();
    expect(screen.getByText('1.0 KB')).toBeTruthy();
    expect(runButton().textContent).toBe('Generate Description (2 credits)');
    await user.click(screen.getByRole('button', { name: 'Clear Image' }));
    expect(screen.queryByText('street.png')).toBeNull();
    expect(runButton().textContent).toBe('Select an Image First');
  });

  it('says Insufficient Credits below 2 credits', async () => {
    const { user, fileInput } = setup({ credits: 1 });
    await user.upload(fileInput(), pngFile());
    await screen.findByText('photo.png');
    expect(runButton().textContent).toBe('Insufficient Credits');
  });

  it('sends the chosen language and task, locks the choices while busy, and shows the description', async () => {
    const { user, fileInput, hold, calls, onCreditsChange } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByText('photo.png');
    await user.click(screen.getByRole('radio', { name: 'Extract text' }));
    await user.click(screen.getByRole('combobox', { name: 'Description Language' }));
    await user.click(await screen.findByRole('option', { name: 'Japanese' }));

    const release = hold();
    await user.click(runButton());
    expect(runButton().textContent).toContain('Processing...');
    expect(screen.getByRole('radio', { name: 'Describe the person' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Clear Image' }).hasAttribute('disabled')).toBe(true);
    expect(calls[0]).toMatchObject({
      path: '/api/prompt/generate-ai-description',
      body: { language: 'Japanese', analysisTasks: ['extract-text'], toolName: 'ai-describe-image' },
    });

    release({
      status: 200,
      body: { success: true, description: '**Text**\n- OPEN 24 HOURS', remainingCredits: 46 },
    });
    const pane = await screen.findByLabelText('Description', { selector: 'div' });
    expect(within(pane).getByText('Text').tagName).toBe('STRONG');
    expect(within(pane).getByRole('listitem').textContent).toBe('OPEN 24 HOURS');
    expect(onCreditsChange).toHaveBeenCalledWith(46);
  });

  it('shows the error in the spec words', async () => {
    const { user, fileInput, failNetwork } = setup();
    await user.upload(fileInput(), pngFile());
    await screen.findByText('photo.png');
    failNetwork();
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_TEXTS.network.generateDescription);
  });
});

describe('describeImageButton', () => {
  it('follows the spec order of labels', () => {
    const base = { busy: false, hasImage: true, hasTask: true, affordable: true };
    expect(describeImageButton({ ...base, hasImage: false, hasTask: false }).label).toBe(
      'Select an Image First',
    );
    expect(describeImageButton({ ...base, hasTask: false, affordable: false })).toEqual({
      label: 'Select Analysis Task',
      disabled: true,
    });
    expect(describeImageButton({ ...base, affordable: false }).label).toBe('Insufficient Credits');
    expect(describeImageButton(base)).toEqual({ label: 'Generate Description (2 credits)', disabled: false });
    expect(describeImageButton({ ...base, busy: true }).disabled).toBe(true);
  });
});
