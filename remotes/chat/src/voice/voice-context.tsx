// Voice in the chat screens (docs/product-rules.md#dictation, #read-aloud): what this server offers (dictation's
// provider, read from GET /api/voice/status once per page), the member's API and balance for the two charged calls,
// each answer's speech made once per page (Read aloud and conversation mode share it), and the one rule of playback:
// starting one answer's speech pauses any other.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { VOICE_ENDPOINTS } from '@act/contracts';
import type { ToolHost } from '@act/host-sdk';
import { makeSpeech, type Speech } from './speech';

export interface ChatVoice {
  host: ToolHost;
  /** Dictation: 'checking' until the status is read; the note says why it is unavailable. */
  dictation: { state: 'checking' | 'available' | 'unavailable'; note: string | null };
  /** Marks `audio` as the one playing: the one before it is paused. */
  claimPlayback(audio: HTMLAudioElement): void;
  /** Pauses whatever answer is playing (conversation mode's Stop). */
  stopPlayback(): void;
  /** The speech of an answer's text, made once (charged once) per page; a failure is not kept. */
  speechOf(text: string): Promise<Speech>;
  /** Conversation mode is on: it has the microphone, so Dictate waits. */
  conversing: boolean;
  setConversing(on: boolean): void;
}

const ChatVoiceContext = createContext<ChatVoice | null>(null);

/**
 * Voice for the screens under it; without it (tests of one part, shared pages) no voice controls show. Under another
 * one it adds nothing: a page that needs voice above its chat frame (the Chat Agent's conversation mode) provides it,
 * and the frame's own is then the same.
 */
export function ChatVoiceProvider({ host, children }: { host: ToolHost; children: ReactNode }) {
  const outer = useContext(ChatVoiceContext);
  return outer ? children : <Provider host={host}>{children}</Provider>;
}

function Provider({ host, children }: { host: ToolHost; children: ReactNode }) {
  const [dictation, setDictation] = useState<ChatVoice['dictation']>({ state: 'checking', note: null });
  const playing = useRef<HTMLAudioElement | null>(null);
  const [conversing, setConversing] = useState(false);
  const speeches = useRef(new Map<string, Promise<Speech>>());
  useEffect(() => {
    if (!host.user) return undefined;
    const controller = new AbortController();
    host.api.call(VOICE_ENDPOINTS.status, { signal: controller.signal }).then(
      ({ tools: { transcribe } }) =>
        setDictation({ state: transcribe.available ? 'available' : 'unavailable', note: transcribe.note }),
      () => {
        // The status could not be read: the button stays usable and the call itself says what is wrong.
        if (!controller.signal.aborted) setDictation({ state: 'available', note: null });
      },
    );
    return () => controller.abort();
  }, [host.api, host.user]);
  const value = useMemo<ChatVoice>(
    () => ({
      host,
      dictation,
      claimPlayback(audio) {
        if (playing.current && playing.current !== audio) playing.current.pause();
        playing.current = audio;
      },
      stopPlayback() {
        playing.current?.pause();
      },
      conversing,
      setConversing,
      speechOf(text) {
        const made = speeches.current.get(text);
        if (made) return made;
        const making = makeSpeech(host, text).then((speech) => {
          if (speech.error !== null) speeches.current.delete(text);
          return speech;
        });
        speeches.current.set(text, making);
        return making;
      },
    }),
    [host, dictation, conversing],
  );
  return <ChatVoiceContext.Provider value={value}>{children}</ChatVoiceContext.Provider>;
}

/** The page's voice, or null outside a ChatVoiceProvider (or for a guest: voice is for members). */
export function useChatVoice(): ChatVoice | null {
  const voice = useContext(ChatVoiceContext);
  return voice?.host.user ? voice : null;
}
