import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, type PhotoEffectToolId } from '@act/contracts';
import { createTestHost, pngFile } from '@act/host-sdk/testing';
import { EFFECT_PAGES } from './effect-screen';

afterEach(cleanup);

const RESULT_ID = '0b6f3c3e-4d2a-4b8e-9a57-3c1f2e9d8a10';

function effectReply(tool: PhotoEffectToolId, remainingCredits = 30) {
  return {
    success: true,
    id: RESULT_ID,
    processedImageUrl: `/api/image/files/u/${tool}-result.jpg?exp=1&sig=a`,
    originalImageUrl: `/api/image/files/u/${tool}-input.jpg?exp=1&sig=b`,
    downloadUrl: `/api/image/files/u/${tool}-result.jpg?exp=1&sig=c&dl=${tool}-1764000000000.jpg`,
    width: 640,
    height: 480,
    remainingCredits,
  };
}

const STATUS_WITH_KEY = {
  success: true,
  available: true,
  effects: Object.fromEntries(
    [
      'age-progression',
      'baby-version',
      'background-change',
      'cartoonify',
      'broccoli-haircut',
      'color-correction',
      'expression-change',
    ].map((id) => [id, true]),
  ),
};

function setup(tool: PhotoEffectToolId, options: { credits?: number; status?: unknown } = {}) {
  const test = createTestHost({ toolId: tool, credits: options.credits });
  test.reply(200, options.status ?? STATUS_WITH_KEY);
  const user = userEvent.setup({ applyAccept: false });
  const Page = EFFECT_PAGES[tool];
  render(<Page host={test.host} />);
  const fileInput = () =>
    screen.getByLabelText<HTMLInputElement>(/Drag and drop an image here/, { selector: 'input' });
  const upload = async (name = 'photo.png') => {
    await user.upload(fileInput(), pngFile(name));
    await screen.findByAltText(`Preview of ${name}`);
  };
  return { ...test, user, upload };
}

const runButton = () =>
  screen.getByRole('button', { name: /^(Run |Select an Image First|Insufficient Credits|Processing)/ });
const slider = () => screen.getByRole('slider', { name: 'Before and after comparison' });

describe('photo-effect screen', () => {
  it('shows Settings, the upload hint, Ready to Transform and the sample comparison until a result exists', async () => {
    const { calls } = setup('cartoonify');
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Result' })).toBeTruthy();
    expect(screen.getByText('PNG, JPG, JPEG, WebP up to 10MB')).toBeTruthy();
    expect(screen.getByText('Ready to Transform')).toBeTruthy();
    expect(screen.getByText('Upload an image to see the transformation')).toBeTruthy();
    expect(screen.getByText('Example: Drag the slider to see how the comparison works')).toBeTruthy();
    expect(screen.getByAltText('Example photo before the effect')).toBeTruthy();
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(slider().getAttribute('aria-valuenow')).toBe('50');
    expect(runButton().textContent).toBe('Select an Image First');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Tips' }).textContent).toContain(
      'Simple backgrounds make the cartoon clearer',
    );
    await waitFor(() => expect(calls[0]?.path).toBe('/api/image/status'));
  });

  it('runs Color Correction (no credit text): Processing, then the before/after result, Download, the balance and gallery-updated', async () => {
    const { upload, user, hold, calls, onCreditsChange } = setup('color-correction');
    const galleryUpdated = vi.fn();
    window.addEventListener('gallery-updated', galleryUpdated);
    await upload('beach.png');
    expect(runButton().textContent).toBe('Run Color Correction');
    expect(runButton().hasAttribute('disabled')).toBe(false);

    const release = hold();
    await user.click(runButton());
    expect(runButton().textContent).toContain('Processing...');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Processing Color Correction')).toBeTruthy();
    expect(screen.getByText('This may take a few moments...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' }).hasAttribute('disabled')).toBe(true);
    expect(calls[1]?.path).toBe('/api/image/color-correction');
    expect(calls[1]?.body.toolName).toBe('color-correction');
    expect(String(calls[1]?.body.image)).toMatch(/^data:image\/png;base64,/);
    expect(Object.keys(calls[1]?.body ?? {}).sort()).toEqual(['image', 'toolName']);

    release({ status: 200, body: effectReply('color-correction') });
    const after = await screen.findByAltText('After: Color Correction result');
    expect(after.getAttribute('src')).toBe('/api/image/files/u/color-correction-result.jpg?exp=1&sig=a');
    expect(screen.getByAltText('Before: your photo').getAttribute('src')).toBe(
      '/api/image/files/u/color-correction-input.jpg?exp=1&sig=b',
    );
    expect(screen.getByText('Drag the slider to compare before and after')).toBeTruthy();
    expect(screen.queryByText('Ready to Transform')).toBeNull();
    expect(screen.queryByText('Example: Drag the slider to see how the comparison works')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Side by side' })).toBeTruthy();
    expect(onCreditsChange).toHaveBeenCalledWith(30);
    expect(galleryUpdated).toHaveBeenCalledTimes(1);
    window.removeEventListener('gallery-updated', galleryUpdated);
  });

  it('removing the image resets file, preview, result, error and the slider to 50', async () => {
    const { upload, user, reply } = setup('cartoonify');
    await upload();
    reply(200, effectReply('cartoonify'));
    await user.click(runButton());
    await screen.findByAltText('After: Cartoonify result');
    slider().focus();
    await user.keyboard('{End}');
    expect(slider().getAttribute('aria-valuenow')).toBe('100');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByAltText('Preview of photo.png')).toBeNull();
    expect(screen.queryByAltText('After: Cartoonify result')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.getByText('Ready to Transform')).toBeTruthy();
    expect(slider().getAttribute('aria-valuenow')).toBe('50');
    expect(runButton().textContent).toBe('Select an Image First');

    // An error goes too.
    await upload('second.png');
    reply(502, { success: false, error: ERROR_TEXTS.network.processCartoonify, code: 'PROVIDER_FAILED' });
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to process cartoonify');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("Expression Change: the expression field with its placeholder, 'Run Expression Change' once it is filled, and its hint", async () => {
    const { upload, user, reply, calls } = setup('expression-change');
    expect(
      screen.getByText('Upload an image and enter an expression to see the transformation'),
    ).toBeTruthy();
    const field = screen.getByLabelText<HTMLInputElement>('Expression');
    expect(field.placeholder).toBe('e.g., sad, happy, angry');
    expect(field.value).toBe('');
    await upload();
    expect(runButton().textContent).toBe('Run Expression Change');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    await user.type(field, '   ');
    expect(runButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Please enter an expression')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '  surprised ');
    expect(runButton().hasAttribute('disabled')).toBe(false);
    reply(200, effectReply('expression-change'));
    await user.click(runButton());
    await screen.findByAltText('After: Expression Change result');
    expect(calls[1]?.path).toBe('/api/image/expression-change');
    expect(calls[1]?.body.expression).toBe('surprised');
    expect(screen.getByRole('complementary', { name: 'Tips' }).textContent).toContain(
      'Try happy, sad, angry or surprised',
    );
  });

  it("Age Progression starts with '20 years older' and says its cost on the button", async () => {
    const { upload, user, reply, calls } = setup('age-progression');
    expect(screen.getByLabelText<HTMLInputElement>('Age Change').value).toBe('20 years older');
    await upload();
    expect(runButton().textContent).toBe('Run Age Progression (20 credits)');
    reply(200, effectReply('age-progression'));
    await user.click(runButton());
    await screen.findByAltText('After: Age Progression result');
    expect(calls[1]?.path).toBe('/api/image/age-progression');
    expect(calls[1]?.body.ageChange).toBe('20 years older');
  });

  it('Background Change sends its description as prompt', async () => {
    const { upload, user, reply, calls } = setup('background-change');
    const field = screen.getByLabelText<HTMLInputElement>('New Background');
    expect(field.value).toBe('');
    await upload();
    await user.type(field, 'a snowy forest');
    expect(runButton().textContent).toBe('Run Background Change (20 credits)');
    reply(200, effectReply('background-change'));
    await user.click(runButton());
    await screen.findByAltText('After: Background Change result');
    expect(calls[1]?.body).toMatchObject({ prompt: 'a snowy forest', toolName: 'background-change' });
  });

  it('says Insufficient Credits below 20', async () => {
    const { upload } = setup('baby-version', { credits: 19 });
    await upload();
    expect(runButton().textContent).toBe('Insufficient Credits');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('an effect that needs a provider key says so before upload and cannot run', async () => {
    const { upload } = setup('baby-version', {
      status: { success: true, available: false, effects: { 'baby-version': false, cartoonify: true } },
    });
    expect(await screen.findByText(ERROR_TEXTS.image.effectNeedsProviderKey)).toBeTruthy();
    await upload();
    expect(runButton().textContent).toBe('Run Baby Version (20 credits)');
    expect(runButton().hasAttribute('disabled')).toBe(true);
  });

  it('a local effect without a key runs and shows no notice', async () => {
    const { upload } = setup('cartoonify', {
      status: { success: true, available: false, effects: { 'baby-version': false, cartoonify: true } },
    });
    await upload();
    await waitFor(() => expect(runButton().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText(ERROR_TEXTS.image.effectNeedsProviderKey)).toBeNull();
  });

  it("shows the spec's fallback when there is no answer, with nothing dispatched", async () => {
    const { upload, user, failNetwork } = setup('broccoli-haircut');
    const galleryUpdated = vi.fn();
    window.addEventListener('gallery-updated', galleryUpdated);
    await upload();
    failNetwork();
    await user.click(runButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to process broccoli haircut'),
    );
    expect(screen.getByText('Ready to Transform')).toBeTruthy();
    expect(galleryUpdated).not.toHaveBeenCalled();
    window.removeEventListener('gallery-updated', galleryUpdated);
  });
});
