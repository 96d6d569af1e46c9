// The product's keyboard shortcuts on every member screen (docs/product-rules.md#keyboard-shortcuts): one keydown
// listener on the window. Which key press is which shortcut, and the rule that only Ctrl/Cmd+Enter fires while typing
// in a field, are host-sdk's shortcutOf; the run itself presses the tool page's registered Generate button.
import { useEffect, useState } from 'react';
import { runCurrentTool, shortcutOf } from '@act/host-sdk';
import { CommandPalette } from './command-palette';
import { ShortcutsDialog } from './shortcuts-dialog';

export function KeyboardShortcuts() {
  const [open, setOpen] = useState<'palette' | 'help' | null>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const shortcut = shortcutOf(event);
      if (shortcut === 'run') {
        // Only a press that ran something is taken from the browser (a form's own Ctrl+Enter stays otherwise).
        if (runCurrentTool(event.target as Element | null)) event.preventDefault();
      } else if (shortcut && !event.repeat) {
        // Ctrl+K is the browser's search-bar key: the palette takes it while the product has the focus.
        event.preventDefault();
        setOpen(shortcut);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onOpenChange = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <>
      <CommandPalette open={open === 'palette'} onOpenChange={onOpenChange} />
      <ShortcutsDialog open={open === 'help'} onOpenChange={onOpenChange} />
    </>
  );
}
