import './test-support/dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCopy } from './use-copy';

function CopyButton({ text }: { text: string }) {
  const { copied, error, copy } = useCopy();
  return (
    <>
      <button onClick={() => void copy(text)}>{copied ? 'Copied!' : 'Copy'}</button>
      {error && <p role="alert">{error}</p>}
    </>
  );
}

describe('useCopy', () => {
  const writeText = vi.fn(async (_text: string) => undefined);

  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    writeText.mockReset();
  });

  it("shows 'Copied!' for 2 seconds after copying", async () => {
    render(<CopyButton text="a cat at sunset" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(writeText).toHaveBeenCalledWith('a cat at sunset');
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it("shows 'Failed to copy to clipboard' when the clipboard refuses", async () => {
    writeText.mockRejectedValue(new Error('denied'));
    document.execCommand = () => false;
    render(<CopyButton text="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to copy to clipboard');
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
