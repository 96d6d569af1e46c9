// One dictation (docs/product-rules.md#dictation): the microphone recorded (host-sdk useRecorder) until Stop or the
// 5-minute cap, then turned into text (transcribe.ts); the text goes to `onText`. States: idle, recording (with
// elapsed seconds), working, and the error text of a refusal or failure.
import { useEffect, useRef, useState } from 'react';
import { CHAT_VOICE_TEXTS } from '@act/contracts';
import { announce, useRecorder, type ToolHost } from '@act/host-sdk';
import { transcribe } from './transcribe';

export type DictationState = 'idle' | 'recording' | 'working';

export interface Dictation {
  state: DictationState;
  seconds: number;
  error: string | null;
  start(): Promise<void>;
  stop(): void;
}

export function useDictation(host: ToolHost, onText: (text: string) => void): Dictation {
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(onText);
  useEffect(() => {
    latest.current = onText;
  });

  const send = async (recording: Blob) => {
    setWorking(true);
    const { text, error: failure } = await transcribe(host, recording);
    setWorking(false);
    if (text !== null) latest.current(text);
    else setError(failure);
  };

  const recorder = useRecorder({
    onRecorded(recording) {
      // Stopped before the microphone gave any sound (it can take a moment to start): an empty file would only be
      // refused as invalid audio, so the member is told what happened instead.
      if (recording.size === 0) {
        setError(CHAT_VOICE_TEXTS.nothingRecorded);
        return;
      }
      announce(CHAT_VOICE_TEXTS.transcribing);
      void send(recording);
    },
  });

  const start = async () => {
    if (recorder.state === 'recording') return;
    setError(null);
    if (!(await recorder.start())) setError(CHAT_VOICE_TEXTS.microphoneDenied);
  };

  const state: DictationState = recorder.state === 'recording' ? 'recording' : working ? 'working' : 'idle';
  return { state, seconds: recorder.seconds, error, start, stop: recorder.stop };
}
