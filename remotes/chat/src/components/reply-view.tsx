// One assistant reply: the model's reasoning (collapsed, apart from the answer), the answer as Markdown while it grows,
// its end state (stopped, or the failure in the spec's words), and Copy (every reply) and Regenerate (the last one).
import { Check, Copy, RotateCcw } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Badge, Button, Spinner, useCopy } from '@act/host-sdk';
import type { Reply } from '../reply-state';
import { Markdown } from './markdown';

const T = UI_TEXTS.chat;

export interface ReplyViewProps {
  reply: Reply;
  /** Names the reply for screen readers and tests (the column's model on the playground). */
  label: string;
  /** Present on the last reply when it may be regenerated. */
  onRegenerate?: () => void;
}

export function ReplyView({ reply, label, onRegenerate }: ReplyViewProps) {
  const { copied, copy } = useCopy();
  const streaming = reply.status === 'streaming';
  const waiting = streaming && reply.text === '';
  return (
    <article
      className="ch-reply"
      aria-label={label}
      aria-busy={streaming || undefined}
      data-status={reply.status}
      data-testid="chat-reply"
    >
      {reply.reasoning !== '' && (
        <details className="ch-reasoning">
          <summary>{streaming && reply.text === '' ? T.thinking : T.reasoning}</summary>
          <div className="ch-reasoning__text">{reply.reasoning}</div>
        </details>
      )}
      {waiting && reply.reasoning === '' && <Spinner size={16} label={T.thinking} showLabel />}
      {reply.text !== '' && <Markdown text={reply.text} />}
      {reply.status === 'failed' && (
        <p className="ch-reply__error" role="alert">
          {reply.error}
        </p>
      )}
      {reply.status === 'stopped' && <Badge tone="gray">{T.stopped}</Badge>}
      {!streaming && (reply.text !== '' || onRegenerate) && (
        <div className="ch-reply__actions">
          {reply.text !== '' && (
            <Button size="sm" variant="ghost" onClick={() => void copy(reply.text)}>
              {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
              {copied ? UI_TEXTS.common.copied : UI_TEXTS.common.copy}
            </Button>
          )}
          {onRegenerate && (
            <Button size="sm" variant="ghost" onClick={onRegenerate}>
              <RotateCcw size={14} aria-hidden />
              {T.regenerate}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
