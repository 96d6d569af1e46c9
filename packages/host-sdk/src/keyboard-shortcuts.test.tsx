import './test-support/dom';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { isTypingTarget, shortcutOf } from './keyboard-shortcuts';

afterEach(cleanup);

function press(target: EventTarget, init: KeyboardEventInit): ReturnType<typeof shortcutOf> {
  let found: ReturnType<typeof shortcutOf> = null;
  const listener = (event: KeyboardEvent) => {
    found = shortcutOf(event);
  };
  document.addEventListener('keydown', listener);
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }));
  document.removeEventListener('keydown', listener);
  return found;
}

function Screen() {
  return (
    <main>
      <button type="button">Plain button</button>
      <input aria-label="Prompt" />
      <input aria-label="Agree" type="checkbox" />
      <textarea aria-label="Text" />
      <div aria-label="Editor" contentEditable suppressContentEditableWarning>
        <span>inside</span>
      </div>
      <div role="dialog" aria-label="Palette">
        <input aria-label="Palette search" />
      </div>
    </main>
  );
}

describe('keyboard shortcuts', () => {
  it('opens the palette with Ctrl+K or Cmd+K and the list with ?, outside fields', () => {
    render(<Screen />);
    const button = screen.getByRole('button', { name: 'Plain button' });
    expect(press(button, { key: 'k', ctrlKey: true })).toBe('palette');
    expect(press(document.body, { key: 'K', metaKey: true })).toBe('palette');
    expect(press(button, { key: '?', shiftKey: true })).toBe('help');
    expect(press(screen.getByRole('checkbox'), { key: '?' })).toBe('help');
    expect(press(button, { key: 'k' })).toBeNull();
    expect(press(button, { key: 'k', ctrlKey: true, altKey: true })).toBeNull();
  });

  it('fires nothing but Ctrl/Cmd+Enter while typing in an input, a text area or contenteditable', () => {
    render(<Screen />);
    const fields = [
      screen.getByRole('textbox', { name: 'Prompt' }),
      screen.getByRole('textbox', { name: 'Text' }),
      screen.getByText('inside'),
    ];
    for (const field of fields) {
      expect(isTypingTarget(field)).toBe(true);
      expect(press(field, { key: '?' })).toBeNull();
      expect(press(field, { key: 'k', ctrlKey: true })).toBeNull();
      expect(press(field, { key: 'Enter', ctrlKey: true })).toBe('run');
      expect(press(field, { key: 'Enter', metaKey: true })).toBe('run');
      expect(press(field, { key: 'Enter' })).toBeNull();
    }
  });

  it('leaves Ctrl+Enter to a dialog over the page, and nothing fires mid-composition', () => {
    render(<Screen />);
    expect(
      press(screen.getByRole('textbox', { name: 'Palette search' }), { key: 'Enter', ctrlKey: true }),
    ).toBeNull();
    expect(press(document.body, { key: '?', isComposing: true })).toBeNull();
  });
});
