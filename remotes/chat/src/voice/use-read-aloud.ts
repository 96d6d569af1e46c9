// Read aloud (docs/product-rules.md#read-aloud): the answer's speech, made once per page for its text
// (ChatVoice.speechOf), so playing it again — or reading aloud an answer conversation mode already spoke — costs
// nothing more.
import { useState } from 'react';
import type { ChatVoice } from './voice-context';

export interface ReadAloud {
  status: 'idle' | 'preparing' | 'ready';
  audioUrl: string | null;
  error: string | null;
  /** Makes the speech (once); resolves with its URL, or null when it failed. */
  prepare(): Promise<string | null>;
}

export function useReadAloud(voice: ChatVoice, text: string): ReadAloud {
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return {
    status: preparing ? 'preparing' : audioUrl ? 'ready' : 'idle',
    audioUrl,
    error,
    async prepare() {
      if (audioUrl) return audioUrl;
      setPreparing(true);
      setError(null);
      const speech = await voice.speechOf(text);
      setPreparing(false);
      setAudioUrl(speech.audioUrl);
      setError(speech.error);
      return speech.audioUrl;
    },
  };
}
