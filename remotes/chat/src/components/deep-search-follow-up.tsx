// The follow-up box under a delivered Deep Search report (docs/product-rules.md#deep-search): a new question in the
// same session, researched again and written from the new pages plus the earlier reports; `/` offers saved prompts.
import { useRef, useState, type FormEvent } from 'react';
import { DEEP_SEARCH_TEXTS } from '@act/contracts';
import { Button, type ApiClient } from '@act/host-sdk';
import { SlashPromptBox } from './slash-prompt-box';

const T = DEEP_SEARCH_TEXTS;

export interface DeepSearchFollowUpProps {
  api: ApiClient;
  cost: number;
  /** Refused (nothing to research with, not enough credits). */
  blocked: boolean;
  onAsk(question: string): void;
}

export function DeepSearchFollowUp({ api, cost, blocked, onAsk }: DeepSearchFollowUpProps) {
  const [question, setQuestion] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text || blocked) return;
    onAsk(text);
    setQuestion('');
  };
  return (
    <form className="ds-ask ds-follow-up" onSubmit={submit}>
      <label className="ds-ask__label" htmlFor="ds-follow-up">
        {T.followUpLabel}
      </label>
      <SlashPromptBox
        textarea={textarea}
        api={api}
        id="ds-follow-up"
        className="act-input ds-ask__input"
        value={question}
        onChange={setQuestion}
        rows={2}
        placeholder={T.followUpPlaceholder}
      />
      <div className="ds-ask__actions">
        <Button type="submit" variant="gradient" disabled={blocked || question.trim() === ''}>
          {T.followUp(cost)}
        </Button>
      </div>
    </form>
  );
}
