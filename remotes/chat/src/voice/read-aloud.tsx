// Read aloud on an answer (docs/product-rules.md#read-aloud): the button makes the speech (the Text to Speech price,
// said by its description) and plays it in place in an audio player under the answer; starting one answer's speech
// pauses any other (ChatVoiceProvider's one rule of playback).
import { useCallback, useEffect, useId, useRef } from 'react';
import { Volume2 } from 'lucide-react';
import { CHAT_VOICE_TEXTS, toolCost } from '@act/contracts';
import { Button } from '@act/host-sdk';
import { useReadAloud } from './use-read-aloud';
import { useChatVoice, type ChatVoice } from './voice-context';
import './read-aloud.css';

const T = CHAT_VOICE_TEXTS;

export interface ReadAloudProps {
  text: string;
}

/** Nothing outside a ChatVoiceProvider or for a guest. */
export function ReadAloudButton(props: ReadAloudProps) {
  const voice = useChatVoice();
  return voice ? <ReadAloud voice={voice} {...props} /> : null;
}

function ReadAloud({ voice, text }: ReadAloudProps & { voice: ChatVoice }) {
  const speech = useReadAloud(voice, text);
  const { claimPlayback } = voice;
  const audio = useRef<HTMLAudioElement>(null);
  const descriptionId = useId();

  // Asked to play: starts as soon as the player is on the page (it renders once the speech's URL is known, which may
  // be after the speech was made: React commits when it gets to it, not when the call returns).
  const wanted = useRef(false);
  const startIfShown = useCallback(() => {
    const element = audio.current;
    if (!wanted.current || !element) return;
    wanted.current = false;
    claimPlayback(element);
    void element.play().catch(() => undefined);
  }, [claimPlayback]);
  useEffect(startIfShown, [speech.audioUrl, startIfShown]);

  const play = async () => {
    wanted.current = true;
    const url = await speech.prepare();
    if (url) startIfShown();
    else wanted.current = false;
  };

  const playing = () => audio.current !== null && !audio.current.paused;
  return (
    <div className="ch-read-aloud">
      <Button
        size="sm"
        variant="ghost"
        busy={speech.status === 'preparing'}
        aria-describedby={descriptionId}
        onClick={() => (playing() ? audio.current?.pause() : void play())}
      >
        {speech.status !== 'preparing' && <Volume2 size={14} aria-hidden />}
        {speech.status === 'preparing' ? T.preparingSpeech : T.readAloud}
      </Button>
      <span id={descriptionId} className="act-sr-only">
        {T.readAloudDescription(toolCost('text-to-speech'))}
      </span>
      {speech.audioUrl && (
        // The answer's own text, on the page above, is what this audio says: its transcript.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          ref={audio}
          className="ch-read-aloud__player"
          src={speech.audioUrl}
          controls
          aria-label={T.speechPlayer}
          data-testid="read-aloud-audio"
          onPlay={(event) => voice.claimPlayback(event.currentTarget)}
        />
      )}
      {speech.error && (
        <span className="ch-read-aloud__error" role="alert">
          {speech.error}
        </span>
      )}
    </div>
  );
}
