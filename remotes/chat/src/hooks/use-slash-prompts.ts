// The `/` menu of a chat message box (docs/product-rules.md#prompt-library): typing `/` at the start or after a
// space lists the member's saved prompts, filtered as they type; arrows move, Enter inserts the chosen body in place
// of the `/query` and selects its first `{{placeholder}}`, Escape closes. Tab moves from a selected placeholder to
// the next one. The prompts are read each time the menu opens.
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { CHAT_PROMPT_ENDPOINTS, CHAT_PROMPT_ERRORS, type ChatPrompt } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';
import {
  insertPrompt,
  matchingPrompts,
  nextPlaceholder,
  slashQueryAt,
  type SlashQuery,
} from '../slash-prompts';

export interface SlashPromptsOptions {
  /** Absent (signed out): no menu. */
  api: ApiClient | undefined;
  value: string;
  onChange(value: string): void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}

type Selection = { start: number; end: number };

function useSavedPrompts(api: ApiClient | undefined) {
  const [prompts, setPrompts] = useState<ChatPrompt[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read each time the menu opens, so a prompt saved meanwhile (another tab, the dialog) is offered.
  const load = useCallback(() => {
    if (!api) return;
    setError(null);
    api
      .call(CHAT_PROMPT_ENDPOINTS.list, { fallbackError: CHAT_PROMPT_ERRORS.loadPrompts })
      .then((reply) => setPrompts(reply.prompts))
      .catch(() => setError(CHAT_PROMPT_ERRORS.loadPrompts));
  }, [api]);
  return { prompts, error, load };
}

export function useSlashPrompts({ api, value, onChange, textarea }: SlashPromptsOptions) {
  const listId = useId();
  const saved = useSavedPrompts(api);
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [active, setActive] = useState(0);
  // The selection to make once the inserted text is in the box (React sets its value on the next render).
  const pending = useRef<Selection | null>(null);

  useLayoutEffect(() => {
    const selection = pending.current;
    const box = textarea.current;
    if (!selection || !box) return;
    pending.current = null;
    box.focus();
    box.setSelectionRange(selection.start, selection.end);
  }, [value, textarea]);

  const options = slash && saved.prompts ? matchingPrompts(saved.prompts, slash.query) : [];
  const open = slash !== null && api !== undefined;

  /** Called with every change of the text: opens, filters or closes the menu by what is before the caret. */
  const onTextChange = (text: string, caret: number) => {
    const found = api ? slashQueryAt(text, caret) : null;
    if (found && !slash) saved.load();
    if (found?.query !== slash?.query || found?.start !== slash?.start) setActive(0);
    setSlash(found);
  };

  const choose = (prompt: ChatPrompt) => {
    if (!slash) return;
    const inserted = insertPrompt(value, slash, prompt.body);
    pending.current = inserted.selection;
    setSlash(null);
    onChange(inserted.value);
  };

  /** The menu's keys; true when the key was the menu's (the box must not act on it too). */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (open) {
      if (event.key === 'Escape') {
        setSlash(null);
        return true;
      }
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current + step + options.length) % options.length);
        return true;
      }
      if (event.key === 'Enter' && !event.shiftKey && options[active]) {
        choose(options[active]);
        return true;
      }
      return false;
    }
    if (event.key === 'Tab' && !event.shiftKey) {
      const box = event.currentTarget;
      const next = nextPlaceholder(box.value, { start: box.selectionStart, end: box.selectionEnd });
      if (!next) return false;
      box.setSelectionRange(next.start, next.end);
      return true;
    }
    return false;
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return {
    open,
    options,
    active,
    loading: open && saved.prompts === null && saved.error === null,
    error: saved.error,
    listId,
    optionId,
    choose,
    onTextChange,
    onKeyDown,
    close: () => setSlash(null),
    /** The text box's side of the listbox pattern (it stays a text box; the list is its popup). */
    inputProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open && options[active] ? optionId(active) : undefined,
    },
  };
}

export type SlashPrompts = ReturnType<typeof useSlashPrompts>;
