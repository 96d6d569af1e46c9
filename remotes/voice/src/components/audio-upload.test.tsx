import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AudioUpload } from './audio-upload';

afterEach(cleanup);

const TITLE = 'Click to upload an audio file';
const HINT = 'MP3, WAV, M4A and other audio formats up to 5MB';

function Harness() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <button type="button">Before</button>
      <AudioUpload file={file} onFile={setFile} title={TITLE} hint={HINT} removeLabel="Remove audio" />
    </>
  );
}

const input = () => screen.getByLabelText<HTMLInputElement>(TITLE, { selector: 'input' });
const zone = () => screen.getByRole('button', { name: new RegExp(`^${TITLE}`) });

describe('AudioUpload from the keyboard', () => {
  it('is a tab stop named with the accepted formats; Enter and Space open the file chooser', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const click = vi.spyOn(input(), 'click');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(zone());
    expect(zone().textContent).toContain(HINT);
    expect(zone().getAttribute('aria-describedby')).toBeTruthy();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
    // The file input itself is not a second tab stop.
    await user.tab();
    expect(document.activeElement).not.toBe(input());
  });

  it('moves focus to the chosen file, and back to the zone after Remove', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    // The chooser (opened by Enter on the zone) hands back a file; the zone had the focus meanwhile.
    fireEvent.change(input(), {
      target: { files: [new File([new Uint8Array(2048)], 'voice.mp3', { type: 'audio/mpeg' })] },
    });
    const card = await screen.findByRole('group', { name: 'voice.mp3' });
    await waitFor(() => expect(document.activeElement).toBe(card));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove audio' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(zone()));
  });
});
