// The microphone of a chat message box (docs/product-rules.md#dictation): Dictate starts recording, the same button
// stops it (showing the time), then the recording is turned into text and put in at the cursor. Without a provider
// the button is disabled and its description says why.
import { useId } from 'react';
import { Mic, Square } from 'lucide-react';
import { CHAT_VOICE_TEXTS, toolCost } from '@act/contracts';
import { Button, Spinner } from '@act/host-sdk';
import { formatElapsed } from './elapsed';
import { useDictation } from './use-dictation';
import { useChatVoice, type ChatVoice } from './voice-context';
import './dictation-button.css';

const T = CHAT_VOICE_TEXTS;

export interface DictationButtonProps {
  /** Called with the recording's text. */
  onText(text: string): void;
  disabled?: boolean;
}

/** Nothing outside a ChatVoiceProvider or for a guest. */
export function DictationButton(props: DictationButtonProps) {
  const voice = useChatVoice();
  return voice ? <Dictate voice={voice} {...props} /> : null;
}

function Dictate({ voice, onText, disabled }: DictationButtonProps & { voice: ChatVoice }) {
  const dictation = useDictation(voice.host, onText);
  const descriptionId = useId();
  const unavailable = voice.dictation.state === 'unavailable';
  const description = unavailable ? voice.dictation.note : T.dictateDescription(toolCost('transcribe'));
  return (
    <span className="ch-dictation" data-state={dictation.state}>
      {dictation.state === 'recording' ? (
        <Button size="sm" variant="danger" onClick={dictation.stop}>
          <Square size={14} aria-hidden />
          {T.stopDictation(formatElapsed(dictation.seconds))}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => void dictation.start()}
          disabled={disabled || unavailable || voice.conversing || dictation.state === 'working'}
          aria-describedby={descriptionId}
        >
          <Mic size={14} aria-hidden />
          {T.dictate}
        </Button>
      )}
      <span id={descriptionId} className="act-sr-only">
        {description}
      </span>
      {dictation.state === 'working' && <Spinner size={14} label={T.transcribing} showLabel />}
      {dictation.error && (
        <span className="ch-dictation__error" role="alert">
          {dictation.error}
        </span>
      )}
    </span>
  );
}
