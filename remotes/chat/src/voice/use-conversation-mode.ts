// Conversation mode on the Chat Agent (docs/product-rules.md#conversation-mode): a hands-free loop of the voice parts
// chat already has. Listening records until the member pauses after speaking (host-sdk useRecorder's `endOnPause`);
// Thinking turns the take into text (dictation's price) and sends it as the message, then waits for the answer;
// Speaking plays the answer's speech (Read aloud's voice and price, made once per answer); when it ends, Listening
// again. A failed step is free, ends the loop and says the tool's message; Stop ends it at any stage: the take is
// dropped, the speech paused, the reply stopped as the message box's Stop does.
import { useEffect, useRef, useState } from 'react';
import { CHAT_VOICE_TEXTS } from '@act/contracts';
import { useRecorder } from '@act/host-sdk';
import type { Reply } from '../reply-state';
import { transcribe } from './transcribe';
import type { ChatVoice } from './voice-context';

const T = CHAT_VOICE_TEXTS;

export type ConversationPhase = 'off' | 'listening' | 'thinking' | 'speaking';

export interface ConversationModeOptions {
  /** Sends the text as the member's message; resolves true when its reply started. */
  send(text: string): Promise<boolean>;
  /** A reply of this conversation is being written. */
  streaming: boolean;
  /** The conversation's last answer. */
  lastReply: Reply | undefined;
  /** Stops the reply being written (the message box's Stop). */
  stopReply(): void;
}

export interface ConversationMode {
  phase: ConversationPhase;
  /** Why the loop ended by itself (a refused step, nothing heard). */
  error: string | null;
  /** The answer's speech while Speaking. */
  audioUrl: string | null;
  start(): void;
  stop(): void;
  /** The answer's speech ended: listen again. */
  spoken(): void;
}

/** `voice` null (a guest, no ChatVoiceProvider): start does nothing. */
export function useConversationMode(
  voice: ChatVoice | null,
  options: ConversationModeOptions,
): ConversationMode {
  const [phase, setPhase] = useState<ConversationPhase>('off');
  const [error, setError] = useState<string | null>(null);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  // Set once the message was sent and its reply started: the answer is read once the reply has ended.
  const [awaitingAnswer, setAwaitingAnswer] = useState(false);
  // Each Start and Stop begins a new round: a step still on its way from an earlier round is ignored when it lands.
  const round = useRef(0);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const end = (why: string | null) => {
    round.current += 1;
    setAwaitingAnswer(false);
    setAudioUrl(null);
    setPhase('off');
    setError(why);
  };

  const heard = async (recording: Blob) => {
    const mine = round.current;
    if (!voice) return;
    setPhase('thinking');
    const { text, error: failure } = await transcribe(voice.host, recording);
    if (mine !== round.current) return;
    if (text === null) return end(failure);
    const started = await latest.current.send(text);
    if (mine !== round.current) return;
    // Not sent: the page says why (its notices, as for a typed message).
    if (!started) return end(null);
    setAwaitingAnswer(true);
  };

  const recorder = useRecorder({
    onRecorded: (recording) => void heard(recording),
    endOnPause: { onNothingHeard: () => end(T.nothingHeard) },
  });

  const listen = async () => {
    const mine = round.current;
    setAudioUrl(null);
    setPhase('listening');
    const started = await recorder.start();
    if (!started && mine === round.current) end(T.microphoneDenied);
  };

  const speak = async (text: string) => {
    const mine = round.current;
    if (!voice) return;
    setPhase('speaking');
    const speech = await voice.speechOf(text);
    if (mine !== round.current) return;
    if (speech.audioUrl === null) return end(speech.error);
    setAudioUrl(speech.audioUrl);
  };

  // While the loop runs it has the microphone: Dictate waits.
  const on = phase !== 'off';
  const setConversing = voice?.setConversing;
  useEffect(() => {
    setConversing?.(on);
    return () => setConversing?.(false);
  }, [on, setConversing]);

  // The reply has ended: its answer is read aloud, or the loop ends with it (failed or stopped: the reply says why).
  const { streaming, lastReply } = options;
  useEffect(() => {
    if (!awaitingAnswer || streaming || !lastReply || lastReply.status === 'streaming') return;
    setAwaitingAnswer(false);
    if (lastReply.status === 'done' && lastReply.text !== '') void speak(lastReply.text);
    else end(null);
    // speak and end are this render's; the answer is read once, when it ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [awaitingAnswer, streaming, lastReply]);

  return {
    phase,
    error,
    audioUrl,
    start() {
      if (!voice) return;
      round.current += 1;
      setError(null);
      void listen();
    },
    stop() {
      recorder.cancel();
      voice?.stopPlayback();
      if (latest.current.streaming) latest.current.stopReply();
      end(null);
    },
    spoken() {
      if (phase === 'speaking') void listen();
    },
  };
}
