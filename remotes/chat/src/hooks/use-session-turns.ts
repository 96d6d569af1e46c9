// The open session's turns as this page shows them, and reading them from the server: opening a session (a spinner,
// or the spec's text when it fails), reading it again in place after an edit, a regenerate or a flip, and reading a
// reply still being written again (a poll) without losing text the page already shows. Only the newest read lands.
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { errorMessage, type ApiClient } from '@act/host-sdk';
import { listMessages } from '../api/chat-api';
import type { ChatScreen } from './chat-screen';
import { isStreaming, keepShownText, type Turn } from '../reply-state';
import { turnsFromMessages } from '../stored-turns';

export interface SessionTurns {
  sessionId: string | null;
  turns: Turn[];
  /** The open session's messages are loading. */
  loading: boolean;
  /** Loading the open session failed (spec text). */
  loadError: string | null;
  setSessionId(sessionId: string): void;
  setTurns: Dispatch<SetStateAction<Turn[]>>;
  /** The turns as last drawn, for a send that places its turn relative to a stored one. */
  turnsNow(): Turn[];
  /** Shows the stored session (loading first). */
  open(sessionId: string): void;
  /** Back to no session. */
  reset(): void;
  /** Reads the session again in place; rejects (keeping the turns) when the read failed. */
  refresh(sessionId: string): Promise<void>;
  /** Reads a reply still being written again; resolves true once the session's last reply has ended. */
  poll(sessionId: string): Promise<boolean>;
}

export function useSessionTurns(
  api: ApiClient,
  screen: ChatScreen,
  columns: readonly string[] | null,
): SessionTurns {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const loadToken = useRef(0);
  const shown = useRef<Turn[]>(turns);
  shown.current = turns;

  /** Starts a read; the function it returns says whether that read is still the newest. */
  const begin = useCallback(() => {
    const token = ++loadToken.current;
    return () => token === loadToken.current;
  }, []);

  const read = useCallback(
    async (id: string) => turnsFromMessages(await listMessages(api, screen, id), columns, screen.texts.send),
    [api, screen, columns],
  );

  const open = useCallback(
    (id: string) => {
      const current = begin();
      setSessionId(id);
      setTurns([]);
      setLoading(true);
      setLoadError(null);
      read(id).then(
        (loaded) => {
          if (!current()) return;
          setTurns(loaded);
          setLoading(false);
        },
        (error: unknown) => {
          if (!current()) return;
          setTurns([]);
          setLoadError(errorMessage(error, screen.texts.loadMessages));
          setLoading(false);
        },
      );
    },
    [begin, read, screen],
  );

  const reset = useCallback(() => {
    loadToken.current++;
    setSessionId(null);
    setTurns([]);
    setLoading(false);
    setLoadError(null);
  }, []);

  const refresh = useCallback(
    async (id: string) => {
      const current = begin();
      const loaded = await read(id);
      if (current()) setTurns(loaded);
    },
    [begin, read],
  );

  const poll = useCallback(
    async (id: string) => {
      const current = begin();
      const loaded = await read(id);
      if (!current()) return false;
      // A reply still being written keeps the text already shown here when its stored text lags behind.
      setTurns((now) => {
        const last = loaded.at(-1);
        return last ? [...loaded.slice(0, -1), keepShownText(now.at(-1), last)] : loaded;
      });
      setLoadError(null);
      return !isStreaming(loaded.at(-1));
    },
    [begin, read],
  );

  const turnsNow = useCallback(() => shown.current, []);
  return {
    sessionId,
    turns,
    loading,
    loadError,
    setSessionId,
    setTurns,
    turnsNow,
    open,
    reset,
    refresh,
    poll,
  };
}
