// Deep Search's question box: the question, then Research (its price) or, while the research runs, Stop.
import type { FormEvent } from 'react';
import { DEEP_SEARCH_TEXTS, LIMITS } from '@act/contracts';
import { Button } from '@act/host-sdk';

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
}

export function DeepSearchAsk(props: DeepSearchAskProps) {
  const { question, onQuestion, cost, blocked, running, stopping, onAsk, onStop } = props;
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
      <textarea
        id="ds-question"
        className="act-input ds-ask__input"
        value={question}
        maxLength={LIMITS.chatMessage}
        rows={3}
        placeholder={T.questionPlaceholder}
        disabled={running}
        onChange={(event) => onQuestion(event.target.value)}
      />
      <div className="ds-ask__actions">
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
