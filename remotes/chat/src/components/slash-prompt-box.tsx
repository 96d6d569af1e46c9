// A chat message box with the `/` menu of saved prompts (docs/product-rules.md#prompt-library): the composer's, Deep
// Search's question and its follow-up. The menu has the first turn at every key and change; what it does not take
// goes to the box's own `onKeyDown`. The caller keeps the ref, which dictation needs for the caret.
import type { KeyboardEvent, RefObject, TextareaHTMLAttributes } from 'react';
import { LIMITS } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';
import { useSlashPrompts } from '../hooks/use-slash-prompts';
import { PromptMenu } from './prompt-menu';

type TextareaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'onKeyDown' | 'onBlur' | 'ref' | 'maxLength'
>;

export interface SlashPromptBoxProps extends TextareaProps {
  value: string;
  onChange(value: string): void;
  /** The member's API client (none, signed out: no menu). */
  api: ApiClient | undefined;
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** The box's own keys (Enter to send, Escape to stop), for what the menu did not take. */
  onKeyDown?(event: KeyboardEvent<HTMLTextAreaElement>): void;
}

export function SlashPromptBox({ value, onChange, api, textarea, onKeyDown, ...rest }: SlashPromptBoxProps) {
  const menu = useSlashPrompts({ api, value, onChange, textarea });
  return (
    <>
      <PromptMenu menu={menu} />
      <textarea
        {...rest}
        ref={textarea}
        value={value}
        maxLength={LIMITS.chatMessage}
        onChange={(event) => {
          onChange(event.target.value);
          menu.onTextChange(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={(event) => {
          if (menu.onKeyDown(event)) event.preventDefault();
          else onKeyDown?.(event);
        }}
        onBlur={menu.close}
        {...menu.inputProps}
      />
    </>
  );
}
