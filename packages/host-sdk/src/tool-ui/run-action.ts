// The one way a tool page offers its run to Ctrl/Cmd+Enter (docs/product-rules.md#keyboard-shortcuts): its
// GenerateButton registers itself here while mounted, and the shell's shortcut calls runCurrentTool. Pressing the
// button itself (not calling the page's handler) keeps every rule of the button: disabled while busy, lacking input
// or credits, and a form's own submit.
import { useEffect, type RefObject } from 'react';

const buttons: RefObject<HTMLButtonElement | null>[] = [];

/** Offers `button` to Ctrl/Cmd+Enter until the returned function is called. */
export function registerRunButton(button: RefObject<HTMLButtonElement | null>): () => void {
  buttons.push(button);
  return () => {
    const index = buttons.indexOf(button);
    if (index >= 0) buttons.splice(index, 1);
  };
}

/** Registers the button for as long as the component is mounted. */
export function useRunButton(button: RefObject<HTMLButtonElement | null>): void {
  useEffect(() => registerRunButton(button), [button]);
}

/**
 * Presses the current tool's run button: the one in the same form as `from` (the field being typed in) when there
 * is one, else the one registered last (a page with two, like the summarizer's question box, registers it later).
 * False, and nothing happens, when there is none or it is disabled.
 */
export function runCurrentTool(from?: Element | null): boolean {
  const mounted = buttons.map((ref) => ref.current).filter((b): b is HTMLButtonElement => !!b?.isConnected);
  const form = from?.closest('form');
  const button = (form && mounted.find((b) => b.form === form)) || mounted.at(-1);
  if (!button || button.disabled) return false;
  button.click();
  return true;
}
