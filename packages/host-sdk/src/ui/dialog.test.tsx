import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, Dialog } from './dialog';

afterEach(cleanup);

function DialogHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Settings">
        <input aria-label="Name" />
        <button type="button">Save</button>
      </Dialog>
    </>
  );
}

function ConfirmHarness({ onConfirm }: { onConfirm(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete session
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this session?"
        description="It cannot be undone."
        destructive
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
      />
    </>
  );
}

const focused = () => document.activeElement as HTMLElement | null;

describe('Dialog', () => {
  it('opens from the keyboard with focus inside, keeps Tab and Shift+Tab inside, and Esc gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.tab();
    await user.tab();
    expect(focused()).toBe(opener);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    await waitFor(() => expect(dialog.contains(focused())).toBe(true));

    // A round of Tab and one of Shift+Tab never leave the dialog.
    const seen = new Set<HTMLElement>();
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(focused())).toBe(true);
      seen.add(focused()!);
    }
    expect([...seen].map((el) => el.getAttribute('aria-label') ?? el.textContent)).toEqual(
      expect.arrayContaining(['Close', 'Name', 'Save']),
    );
    for (let i = 0; i < 6; i++) {
      await user.tab({ shift: true });
      expect(dialog.contains(focused())).toBe(true);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focused()).toBe(opener));
  });

  it('gives focus back to the opener when closed with its Close button too', async () => {
    const user = userEvent.setup();
    render(<DialogHarness />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    await screen.findByRole('dialog', { name: 'Settings' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focused()).toBe(opener));
  });
});

describe('ConfirmDialog', () => {
  it('starts on Cancel, Esc cancels and focus goes back to the button that asked', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmHarness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete session' });
    await user.tab();
    expect(focused()).toBe(opener);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this session?' });
    await waitFor(() => expect(focused()?.textContent).toBe('Cancel'));
    await user.tab();
    await user.tab();
    expect(dialog.contains(focused())).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(focused()).toBe(opener));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms from the keyboard and gives focus back', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmHarness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete session' });
    opener.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await waitFor(() => expect(focused()?.textContent).toBe('Cancel'));
    await user.tab();
    expect(focused()?.textContent).toBe('Confirm');
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(focused()).toBe(opener));
  });
});
