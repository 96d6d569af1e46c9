import '../test-support/dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Sparkles } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, PLANS_PATH, UI_TEXTS, plansPath, toolCost } from '@act/contracts';
import { MEMBER, pngFile } from '../testing';
import { canAfford } from './can-afford';
import { GenerateButton } from './generate-button';
import { ImageDropZone } from './image-drop-zone';
import { PlansLink } from './plans-link';
import { ResultPanel } from './result-panel';
import { RunError } from './run-error';
import { useImageUpload } from './use-image-upload';

function UploadHarness({ onRemove }: { onRemove?(): void }) {
  const upload = useImageUpload();
  return <ImageDropZone upload={upload} onRemove={onRemove} />;
}

const fileInput = () =>
  screen.getByLabelText<HTMLInputElement>(UI_TEXTS.common.dragAndDrop, { selector: 'input' });

describe('ImageDropZone with useImageUpload', () => {
  it('previews a chosen PNG with its name and size in KB, and Remove clears it', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup();
    render(<UploadHarness onRemove={onRemove} />);
    await user.upload(fileInput(), pngFile('cat.png', 3072));
    expect(await screen.findByAltText('Preview of cat.png')).toBeTruthy();
    expect(screen.getByText('3.0 KB')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: UI_TEXTS.common.remove }));
    expect(screen.queryByAltText('Preview of cat.png')).toBeNull();
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it('refuses a GIF and an image over 10 MB in the spec words', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<UploadHarness />);
    await user.upload(fileInput(), new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_TEXTS.validation.invalidImage);
    await user.upload(fileInput(), pngFile('big.png', 10 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.validation.imageTooLarge);
  });
});

describe('ImageDropZone from the keyboard', () => {
  it('is one tab stop named with the accepted types; Enter and Space open the file chooser', async () => {
    const user = userEvent.setup();
    render(<UploadHarness />);
    const click = vi.spyOn(fileInput(), 'click');
    await user.tab();
    const zone = screen.getByRole('button', { name: /Drag and drop an image here/ });
    expect(document.activeElement).toBe(zone);
    expect(zone.textContent).toContain(UI_TEXTS.common.imageUploadHint);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('moves focus to the preview once a file is chosen, and back to the zone after Remove', async () => {
    const user = userEvent.setup();
    render(<UploadHarness />);
    await user.tab();
    await user.keyboard('{Enter}');
    // The chooser (opened by Enter on the zone) hands back a file; the zone had the focus meanwhile.
    fireEvent.change(fileInput(), { target: { files: [pngFile('cat.png', 3072)] } });
    const preview = await screen.findByRole('group', { name: 'cat.png' });
    await waitFor(() => expect(document.activeElement).toBe(preview));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: UI_TEXTS.common.remove }));
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: /Drag and drop an image here/ }),
      ),
    );
  });
});

describe('RunError', () => {
  it('shows nothing without an error, and Sign Up to a guest whose free use is spent', async () => {
    const navigate = vi.fn();
    const { rerender } = render(<RunError error={null} needsSignup={false} host={{ navigate }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<RunError error="Free use spent" needsSignup host={{ navigate }} />);
    expect(screen.getByText('Free use spent')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: UI_TEXTS.auth.signUp }));
    expect(navigate).toHaveBeenCalledWith('/auth?signup=true');
  });
});

describe('GenerateButton', () => {
  it('shows the label it is given and is disabled when the state says so', () => {
    render(<GenerateButton icon={Sparkles} state={{ label: 'Insufficient Credits', disabled: true }} />);
    const button = screen.getByRole('button', { name: 'Insufficient Credits' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('puts the way to the plans beside Insufficient Credits, returning to the tool', async () => {
    window.history.pushState({}, '', '/tools/cartoonify');
    const navigate = vi.fn();
    render(
      <GenerateButton
        icon={Sparkles}
        host={{ navigate }}
        state={{ label: UI_TEXTS.common.insufficientCredits, disabled: true }}
      />,
    );
    const link = screen.getByRole('link', { name: UI_TEXTS.common.seePlans });
    const expected = plansPath('/tools/cartoonify');
    expect(link.getAttribute('href')).toBe(expected);
    expect(expected).toContain('return=%2Ftools%2Fcartoonify');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith(expected);
  });

  it('shows no plans link while the member can pay', () => {
    render(<GenerateButton icon={Sparkles} state={{ label: 'Generate', disabled: false }} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('PlansLink', () => {
  it.each(['//evil.example', 'https://evil.example'])('never carries a hostile return %j', (hostile) => {
    render(<PlansLink returnTo={hostile} />);
    const href = screen.getByRole('link', { name: UI_TEXTS.common.seePlans }).getAttribute('href');
    expect(href).toBe(PLANS_PATH);
    expect(href).not.toContain('evil');
  });
});

describe('ResultPanel', () => {
  it('shows the placeholder, then the spinner, then the text through the renderer, with Copy', () => {
    const props = { title: 'Generated Prompt', placeholder: 'Your prompt will appear here' };
    const { rerender } = render(<ResultPanel {...props} text={null} loading={false} />);
    expect(screen.getByText(props.placeholder)).toBeTruthy();
    expect(screen.getByRole('button', { name: UI_TEXTS.common.copy }).hasAttribute('disabled')).toBe(true);
    rerender(<ResultPanel {...props} text={null} loading />);
    expect(screen.getByRole('status')).toBeTruthy();
    rerender(
      <ResultPanel {...props} text="a red fox" loading={false} renderText={(text) => <em>{text}</em>} />,
    );
    expect(screen.getByRole('heading', { name: props.title })).toBeTruthy();
    expect(screen.getByText('a red fox').tagName).toBe('EM');
    expect(screen.getByRole('button', { name: UI_TEXTS.common.copy }).hasAttribute('disabled')).toBe(false);
  });
});

describe('canAfford', () => {
  it("needs the tool's cost from a member and lets a guest try", () => {
    const cost = toolCost('image-to-prompt');
    expect(canAfford({ user: MEMBER, credits: cost }, 'image-to-prompt')).toBe(true);
    expect(canAfford({ user: MEMBER, credits: cost - 1 }, 'image-to-prompt')).toBe(false);
    expect(canAfford({ user: null, credits: 0 }, 'image-to-prompt')).toBe(true);
  });
});
