// Fuse (issue 25, docs/product-rules.md#fuse): under the four answers of the playground's last turn, a model picker
// and "Fuse (2 credits)" ask that model to merge the answers into one, streamed into a fifth card with the parts it
// took from each ("Taken from"). Priced as one chat agent message; a failure or a Stop before any text is free. The
// fused answer is stored with the session, so a reload shows it again (the turn's `fused`).
import { useEffect, useRef, useState } from 'react';
import { Combine, Square } from 'lucide-react';
import {
  CHAT_ENDPOINTS,
  ERROR_TEXTS,
  PLAYGROUND_MODELS,
  PLAYGROUND_MODEL_INFO,
  PlaygroundModelIdSchema,
  UI_TEXTS,
  splitFusedAnswer,
  toolCost,
  type PlaygroundModelId,
} from '@act/contracts';
import { Button, Select, announce, errorMessage, type ToolHost } from '@act/host-sdk';
import {
  SINGLE,
  applyEvent,
  chargeNote,
  failTurn,
  restartTurn,
  streamingReply,
  turnCost,
  type FusedReply,
  type Turn,
} from '../reply-state';
import { useFollowedReply } from '../hooks/use-followed-reply';
import { ReplyView } from './reply-view';
import './fuse-panel.css';

const T = UI_TEXTS.chat;
/** A fuse is priced as one chat agent message. */
export const FUSE_COST = toolCost('chat-agent');

const MODEL_OPTIONS = PLAYGROUND_MODELS.map((model) => ({
  value: model,
  label: PLAYGROUND_MODEL_INFO[model].name,
}));

function modelName(model: string): string {
  const parsed = PlaygroundModelIdSchema.safeParse(model);
  return parsed.success ? PLAYGROUND_MODEL_INFO[parsed.data].name : model;
}

/** The fused answer as a one-reply turn, so the chat screens' cost rules read it like any reply. */
function asTurn(fused: FusedReply, price?: number): Turn {
  return {
    key: 'fused',
    prompt: '',
    replies: { [SINGLE]: fused.reply },
    ...(fused.credits !== undefined ? { credits: fused.credits } : {}),
    ...(price !== undefined ? { price } : {}),
  };
}

/** The fifth card: the fused answer, then what it took from each answer. */
export function FusedCard({ fused, price }: { fused: FusedReply; price?: number }) {
  const name = modelName(fused.model);
  const { answer, takenFrom } = splitFusedAnswer(fused.reply.text);
  const turn = asTurn(fused, price);
  const cost = turnCost(turn);
  return (
    <section className="ch-fused" aria-label={T.fusedBy(name)} data-testid="fused-card">
      <h3 className="ch-fused__title">{T.fusedBy(name)}</h3>
      <ReplyView
        reply={{ ...fused.reply, text: answer }}
        label={T.fusedBy(name)}
        answer={fused.replyId ? { message: fused.replyId } : undefined}
        chargeNote={chargeNote(turn, SINGLE)}
        cost={cost === undefined ? undefined : T.replyCost(cost)}
      />
      {takenFrom.length > 0 && (
        <div className="ch-fused__taken">
          <h4 className="ch-fused__taken-title">{T.takenFrom}</h4>
          <ul aria-label={T.takenFrom}>
            {takenFrom.map((part, index) => (
              <li key={index}>{T.takenFromPart(part.model, part.parts)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export interface FusePanelProps {
  host: ToolHost;
  sessionId: string;
  /** The last turn, its answers ended. */
  turn: Turn;
  /** Another reply of the screen is being written, or sending is refused (no provider, no credits). */
  disabled: boolean;
}

/** The Fuse control under the last turn, and its fused card (this one, or the one stored with the turn). */
export function FusePanel({ host, sessionId, turn, disabled }: FusePanelProps) {
  const { api } = host;
  const [model, setModel] = useState<PlaygroundModelId>(PLAYGROUND_MODELS[0]);
  const [fused, setFused] = useState<FusedReply | undefined>(turn.fused);
  const [price, setPrice] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const reader = useRef<AbortController | null>(null);
  const onCreditsChange = useRef(host.onCreditsChange);
  onCreditsChange.current = host.onCreditsChange;

  // Leaving the turn (or the page) only stops reading: the fuse goes on on the server and is saved there.
  useEffect(() => () => reader.current?.abort(), []);

  // A fuse still being written when the session was opened (a reload) is followed by its id until it ends; one that
  // cannot be followed (gone, or the network) keeps what the session showed.
  const followId = turn.fused?.reply.status === 'streaming' ? turn.fused.replyId : undefined;
  useFollowedReply(
    api,
    followId,
    (event) =>
      setFused((shown) => {
        if (!shown || !followId) return shown;
        const single: Turn = { key: 'fused', prompt: '', replies: { [SINGLE]: shown.reply } };
        const next = applyEvent(
          event.type === 'start' ? restartTurn(single) : single,
          event,
          ERROR_TEXTS.chat.fuseFailed,
        );
        return { model: shown.model, replyId: followId, reply: next.replies[SINGLE]! };
      }),
    { fallbackError: ERROR_TEXTS.chat.fuseFailed, onCreditsChange: host.onCreditsChange },
  );

  const streaming = fused?.reply.status === 'streaming';
  const answered = Object.values(turn.replies).some(
    (reply) => (reply.status === 'done' || reply.status === 'stopped') && reply.text.trim() !== '',
  );

  async function fuse() {
    if (!turn.replyId) return;
    const controller = new AbortController();
    reader.current = controller;
    setError(null);
    setPrice(FUSE_COST);
    const chosen = model;
    let current: Turn = {
      key: 'fused',
      prompt: '',
      replies: { [SINGLE]: streamingReply() },
    };
    let replyId: string | undefined;
    const show = () => {
      const reply = current.replies[SINGLE]!;
      setFused({ model: chosen, reply, ...(replyId ? { replyId } : {}) });
    };
    show();
    let started = false;
    try {
      const events = api.stream(CHAT_ENDPOINTS.playground.fuse, {
        params: { id: sessionId },
        body: { replyId: turn.replyId, model: chosen },
        signal: controller.signal,
        fallbackError: ERROR_TEXTS.chat.fuseFailed,
      });
      for await (const event of events) {
        if (controller.signal.aborted) return;
        if (event.type === 'start') {
          started = true;
          replyId = event.messageId;
        } else if (event.type === 'done' || event.type === 'error') {
          if (event.remainingCredits !== undefined) onCreditsChange.current(event.remainingCredits);
          if (event.type === 'done' && event.status === 'completed')
            announce(UI_TEXTS.announce.replyFinished);
        }
        current = applyEvent(current, event, ERROR_TEXTS.chat.fuseFailed);
        show();
      }
    } catch (caught) {
      if (controller.signal.aborted) return;
      if (!started) {
        // Refused before it started (credits, a session that is gone): nothing was charged, no card.
        setFused(turn.fused);
        setError(errorMessage(caught, ERROR_TEXTS.chat.fuseFailed));
        return;
      }
      // The stream broke off after the fuse started: it is finished and saved on the server (a reload shows it).
      current = failTurn(current, ERROR_TEXTS.chat.sendMessage);
      show();
    }
  }

  function stop() {
    if (fused?.replyId)
      void api.call(CHAT_ENDPOINTS.stop, { body: { messageId: fused.replyId } }).catch(() => undefined);
  }

  return (
    <div className="ch-fuse" data-testid="fuse-panel">
      <section className="ch-fuse__controls" aria-label={T.fuseTitle}>
        <h3 className="ch-fuse__title">{T.fuseTitle}</h3>
        <Select<PlaygroundModelId>
          label={T.fuseModelLabel}
          hideLabel
          value={model}
          onValueChange={setModel}
          options={MODEL_OPTIONS}
          disabled={streaming}
          className="ch-fuse__model"
        />
        {streaming ? (
          <Button variant="outline" onClick={stop} disabled={!fused?.replyId}>
            <Square size={14} aria-hidden />
            {T.stop}
          </Button>
        ) : (
          <Button onClick={() => void fuse()} disabled={disabled || !answered || !turn.replyId}>
            <Combine size={14} aria-hidden />
            {T.fuse(FUSE_COST)}
          </Button>
        )}
        {error && (
          <p className="ch-fuse__error" role="alert">
            {error}
          </p>
        )}
      </section>
      {fused && <FusedCard fused={fused} price={price} />}
    </div>
  );
}
