// Which keyboard shortcut a key press is (docs/product-rules.md#keyboard-shortcuts), as plain functions the shell's
// listener and the tests share. While typing in a field only Ctrl/Cmd+Enter counts: it is meant for fields (run the
// tool on the text just typed); `?` and Ctrl/Cmd+K are the field's own letters there.

export type ShortcutId = 'palette' | 'run' | 'help';

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'target'>;

/** True for a text field, a text area, a select or anything contenteditable: where keys are typed text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest('[contenteditable=""], [contenteditable="true"]'))
    return true;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // Buttons, checkboxes and radios dressed as inputs take no text.
  const type = (element as HTMLInputElement).type;
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(
    type,
  );
}

/** The shortcut `event` is, or null. Ctrl and Cmd are the same (Windows/Linux and macOS). */
export function shortcutOf(event: KeyPress): ShortcutId | null {
  if (event.isComposing || event.altKey) return null;
  const command = event.ctrlKey || event.metaKey;
  if (command && event.key === 'Enter') {
    // A dialog over the page (the palette itself, a confirmation) has its own Enter; the tool behind stays put.
    const inDialog = (event.target as Element | null)?.closest?.('[role="dialog"], [role="alertdialog"]');
    return inDialog ? null : 'run';
  }
  if (isTypingTarget(event.target)) return null;
  if (command && event.key.toLowerCase() === 'k') return 'palette';
  if (!command && event.key === '?') return 'help';
  return null;
}
