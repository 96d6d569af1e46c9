// The message box of a chat screen: Enter sends, Shift+Enter adds a line, Esc stops the reply being written; Send
// with the next message's cost beside it, or Stop while a reply streams. Attachments (reasoning) sit above the box;
// `/` opens the member's saved prompts (use-slash-prompts.ts); Dictate (members, docs/product-rules.md#dictation)
// puts spoken words in at the cursor.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { BookMarked, Send, Square } from 'lucide-react';
import { CHAT_PROMPT_TEXTS, UI_TEXTS, formatCost } from '@act/contracts';
import { Button, type ApiClient } from '@act/host-sdk';
import { usePromptLibrary } from '../hooks/prompt-library-context';
import { DictationButton } from '../voice/dictation-button';
import { insertAtCursor } from '../voice/insert-text';
import { SlashPromptBox } from './slash-prompt-box';
import './composer.css';

const T = UI_TEXTS.chat;

export interface ComposerProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  onStop(): void;
  /** A reply is being written: Send turns into Stop. */
  streaming: boolean;
  /** A Stop was asked for and the reply has not ended yet. */
  stopping?: boolean;
  /** Send is refused (no provider key, not enough credits, not a member): the reason is shown elsewhere. */
  blocked: boolean;
  cost: number;
  /** Attachment controls and chips, shown above the text box. */
  attachments?: ReactNode;
  /** Extra buttons at the left of the action row (attach image, attach PDF). */
  tools?: ReactNode;
  /** The member's API client, for the `/` menu of saved prompts (none: no menu). */
  api?: ApiClient;
}

export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  stopping,
  blocked,
  cost,
  attachments,
  tools,
  api,
}: ComposerProps) {
  const inputId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const library = usePromptLibrary();
  const canSend = !streaming && !blocked && value.trim() !== '';

  // The `/` menu has had its turn (SlashPromptBox).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && streaming) {
      event.preventDefault();
      onStop();
      return;
    }
    // Enter sends; Shift+Enter (and Enter that confirms an input method's composition) adds to the text.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };

  return (
    <div className="ch-composer">
      {attachments}
      <label className="act-sr-only" htmlFor={inputId}>
        {T.messagePlaceholder}
      </label>
      <SlashPromptBox
        textarea={textarea}
        api={api}
        id={inputId}
        className="act-textarea ch-composer__input"
        rows={3}
        placeholder={T.messagePlaceholder}
        value={value}
        onChange={onChange}
        onKeyDown={onKeyDown}
      />
      <div className="ch-composer__row">
        <div className="ch-composer__tools">
          {tools}
          {library && (
            <Button type="button" variant="ghost" size="sm" onClick={library.manage}>
              <BookMarked size={14} aria-hidden />
              {CHAT_PROMPT_TEXTS.manage}
            </Button>
          )}
          <DictationButton onText={(text) => onChange(insertAtCursor(value, textarea.current, text))} />
        </div>
        <span className="ch-composer__cost" data-testid="next-message-cost">
          {T.nextMessageCost}: {formatCost(cost)}
        </span>
        {streaming ? (
          <Button variant="outline" onClick={onStop} busy={stopping}>
            {!stopping && <Square size={14} aria-hidden />}
            {T.stop}
          </Button>
        ) : (
          <Button variant="gradient" onClick={onSend} disabled={!canSend}>
            <Send size={16} aria-hidden />
            {T.send}
          </Button>
        )}
      </div>
    </div>
  );
}
