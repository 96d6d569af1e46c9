import '../test-support/dom';
import { cleanup, render, screen } from '@testing-library/react';
import { Sparkles } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GenerateButton } from './generate-button';
import { runCurrentTool } from './run-action';

afterEach(cleanup);

describe('runCurrentTool', () => {
  it("presses the page's Generate button, and not a disabled one", () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <GenerateButton icon={Sparkles} state={{ label: 'Generate', disabled: false }} onClick={onClick} />,
    );
    expect(runCurrentTool(document.body)).toBe(true);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <GenerateButton
        icon={Sparkles}
        state={{ label: 'Select an Image First', disabled: true }}
        onClick={onClick}
      />,
    );
    expect(runCurrentTool(document.body)).toBe(false);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('presses the button of the form being typed in, and nothing once the page is gone', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { unmount } = render(
      <>
        <form aria-label="Summarize">
          <input aria-label="Link" />
          <GenerateButton icon={Sparkles} state={{ label: 'Summarize', disabled: false }} onClick={first} />
        </form>
        <form aria-label="Ask">
          <input aria-label="Question" />
          <GenerateButton icon={Sparkles} state={{ label: 'Ask', disabled: false }} onClick={second} />
        </form>
      </>,
    );
    expect(runCurrentTool(screen.getByRole('textbox', { name: 'Link' }))).toBe(true);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(runCurrentTool(screen.getByRole('textbox', { name: 'Question' }))).toBe(true);
    expect(second).toHaveBeenCalledTimes(1);

    unmount();
    expect(runCurrentTool(document.body)).toBe(false);
  });
});
