// Conversation mode's controls (docs/product-rules.md#conversation-mode): the button beside Dictate that starts the
// hands-free loop and, while it runs, stops it; and under the conversation its state (Listening, Thinking, Speaking —
// a polite live region, so screen readers hear each change), the answer's speech in a player, and why the loop ended.
// Without a speech-to-text provider the button is disabled and says so, as Dictate does.
import { useEffect, useId, useRef } from 'react';
import { AudioLines, Square } from 'lucide-react';
import { CHAT_VOICE_TEXTS, toolCost } from '@act/contracts';
import { Button, Spinner } from '@act/host-sdk';
import type { ConversationMode, ConversationPhase } from './use-conversation-mode';
import { useChatVoice } from './voice-context';
import './conversation-mode.css';

const T = CHAT_VOICE_TEXTS;

const PHASE_TEXTS: Record<ConversationPhase, string> = {
  off: '',
  listening: T.listening,
  thinking: T.thinking,
  speaking: T.speaking,
};

export interface ConversationModeButtonProps {
  mode: ConversationMode;
  /** The message's price (the Chat Agent's, with or without web search). */
  messageCost: number;
  disabled?: boolean;
}

/** Nothing outside a ChatVoiceProvider or for a guest. */
export function ConversationModeButton({ mode, messageCost, disabled }: ConversationModeButtonProps) {
  const voice = useChatVoice();
  const descriptionId = useId();
  if (!voice) return null;
  if (mode.phase !== 'off') {
    return (
      <Button size="sm" variant="danger" onClick={mode.stop}>
        <Square size={14} aria-hidden />
        {T.stopConversation}
      </Button>
    );
  }
  const unavailable = voice.dictation.state === 'unavailable';
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={mode.start}
        disabled={disabled || unavailable}
        aria-describedby={descriptionId}
      >
        <AudioLines size={14} aria-hidden />
        {T.conversationMode}
      </Button>
      <span id={descriptionId} className="act-sr-only">
        {unavailable
          ? voice.dictation.note
          : `${T.conversationModeHint} ${T.conversationModeCosts(messageCost, toolCost('text-to-speech'))}`}
      </span>
    </>
  );
}

/** The loop's state, the answer's speech and why the loop ended; the live region is always there to be heard. */
export function ConversationModeStatus({ mode }: { mode: ConversationMode }) {
  const voice = useChatVoice();
  const audio = useRef<HTMLAudioElement>(null);
  const { audioUrl } = mode;
  useEffect(() => {
    const element = audio.current;
    if (!audioUrl || !element || !voice) return;
    voice.claimPlayback(element);
    // Refused (autoplay rules): the player is there to be started by hand, and its end still listens again.
    void element.play().catch(() => undefined);
  }, [audioUrl, voice]);
  if (!voice) return null;
  const on = mode.phase !== 'off';
  return (
    <div className="ch-conversation" data-phase={mode.phase}>
      <p className="ch-conversation__state" role="status" data-testid="conversation-state">
        {on && (
          <>
            {mode.phase === 'thinking' && <Spinner size={14} decorative />}
            {`${T.conversationState}: ${PHASE_TEXTS[mode.phase]}`}
          </>
        )}
      </p>
      {mode.phase === 'speaking' && audioUrl && (
        // The answer above is this audio's transcript.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          ref={audio}
          className="ch-conversation__player"
          src={audioUrl}
          controls
          aria-label={T.speechPlayer}
          data-testid="conversation-audio"
          onPlay={(event) => voice.claimPlayback(event.currentTarget)}
          onEnded={mode.spoken}
        />
      )}
      {mode.error && (
        <p className="ch-conversation__error" role="alert">
          {mode.error}
        </p>
      )}
    </div>
  );
}
