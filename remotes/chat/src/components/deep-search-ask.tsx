// Deep Search's question box: the question, then Research (its price) or, while the research runs, Stop. `/` offers
// the member's saved prompts (use-slash-prompts.ts); Dictate puts spoken words in at the cursor.
import { useRef, type FormEvent } from 'react';
import { DEEP_SEARCH_TEXTS } from '@act/contracts';
import { Button, type ApiClient } from '@act/host-sdk';
import { DictationButton } from '../voice/dictation-button';
import { insertAtCursor } from '../voice/insert-text';
import { SlashPromptBox } from './slash-prompt-box';

const T = DEEP_SEARCH_TEXTS;

export interface DeepSearchAskProps {
  question: string;
  onQuestion(question: string): void;
  /** What a report costs. */
  cost: number;
  /** Research is refused (nothing to research with, not enough credits). */
  blocked: boolean;
  running: boolean;
  stopping: boolean;
  /** The member's question, trimmed; not called for an empty one, while blocked or while running. */
  onAsk(question: string): void;
  onStop(): void;
  /** The member's API client, for the `/` menu of saved prompts. */
  api?: ApiClient;
}

export function DeepSearchAsk(props: DeepSearchAskProps) {
  const { question, onQuestion, cost, blocked, running, stopping, onAsk, onStop, api } = props;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || blocked || running) return;
    onAsk(text);
  };
  return (
    <form className="ds-ask" onSubmit={submit}>
      <label className="ds-ask__label" htmlFor="ds-question">
        {T.questionLabel}
      </label>
      <SlashPromptBox
        textarea={textarea}
        api={api}
        id="ds-question"
        className="act-input ds-ask__input"
        value={question}
        onChange={onQuestion}
        rows={3}
        placeholder={T.questionPlaceholder}
        disabled={running}
      />
      <div className="ds-ask__actions">
        <DictationButton
          disabled={running}
          onText={(text) => onQuestion(insertAtCursor(question, textarea.current, text))}
        />
        {running ? (
          <Button type="button" variant="danger" onClick={onStop} busy={stopping}>
            {T.stop}
          </Button>
        ) : (
          <Button type="submit" variant="gradient" disabled={blocked || question.trim() === ''}>
            {T.research(cost)}
          </Button>
        )}
      </div>
    </form>
  );
}
