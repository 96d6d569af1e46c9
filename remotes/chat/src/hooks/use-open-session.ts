// The open conversation around the send (useOpenSession, composed by use-chat-page.ts): which session is open, and
// following a reply the server is still writing (use-followed-reply.ts). Not on the Send button's path: a reply sent
// here is read by use-chat-page.ts's useSending; this hook takes over only when that reading broke off or the session
// was opened again. The open session is in the address (`?session=<id>`), so a reload, a second tab or another device
// opens it again (docs/product-rules.md#resume). A reply belongs to the server: leaving a session (or the page) only
// stops reading it here; the service finishes, saves and charges it, and reopening the session re-attaches to it: the
// page follows the reply by its id (its text so far, then the rest live, from any replica) and, when it ends, reads
// the header balance again if the follow did not tell it. The same holds when the stream breaks off here after the
// reply started (network drop, gateway restart). Where a reply cannot be followed by its id, the session is read
// again every second until the reply ends.
import { useCallback, useEffect, useRef } from 'react';
import { UI_TEXTS, type ChatFollowEvent, type ChatKind } from '@act/contracts';
import { announce, type ToolHost } from '@act/host-sdk';
import { applyEvent, isStreaming, restartTurn } from '../reply-state';
import { sessionInAddress, showSessionInAddress } from '../session-address';
import type { ChatScreen, Conversation, Sending } from './chat-screen';
import { settleBalance, useFollowedReply } from './use-followed-reply';
import type { SessionTurns } from './use-session-turns';

/** The open conversation besides its sending: the session, its turns, opening another one. */
export type OpenSession = Omit<Conversation, keyof Sending>;

export function useOpenSession<K extends ChatKind>(
  host: ToolHost,
  screen: ChatScreen<K>,
  session: SessionTurns,
  sending: Pick<Sending<K>, 'reading' | 'leave' | 'failSend'>,
): OpenSession {
  const { api } = host;
  const { sessionId, turns, loading, setTurns, poll } = session;

  // A reopened session whose reply is still being written, or a reply whose stream broke off here: follow it by its
  // id until it ends, or read the session again while it cannot be followed.
  const lastTurn = turns.at(-1);
  const writing = !sending.reading && isStreaming(lastTurn) && !!sessionId && !loading;
  const followId = writing ? lastTurn?.replyId : undefined;
  const fallback = screen.texts.send;
  const applyFollowed = (event: ChatFollowEvent) => {
    if (event.type === 'done' && event.status === 'completed') announce(UI_TEXTS.announce.replyFinished);
    setTurns((current) =>
      current.map((turn) =>
        turn.replyId === followId
          ? applyEvent(event.type === 'start' ? restartTurn(turn) : turn, event, fallback)
          : turn,
      ),
    );
  };
  useFollowedReply(api, followId, applyFollowed, {
    fallbackError: fallback,
    onCreditsChange: host.onCreditsChange,
    poll: {
      writing,
      // A reply read by polling ended: the service has charged it, so the header balance follows.
      read: async () => {
        if (sessionId && (await poll(sessionId))) settleBalance(api, undefined, host.onCreditsChange);
      },
    },
  });

  const { leave } = sending;
  const { open: openSession, reset: resetSession } = session;
  const open = useCallback(
    (id: string) => {
      leave();
      openSession(id);
    },
    [leave, openSession],
  );
  const reset = useCallback(() => {
    leave();
    resetSession();
  }, [leave, resetSession]);

  // The open session is in the address: a reload, a second tab or another device opens it again.
  const addressRead = useRef(false);
  useEffect(() => {
    if (!addressRead.current) {
      addressRead.current = true;
      const fromAddress = sessionInAddress();
      if (fromAddress) open(fromAddress);
      return;
    }
    showSessionInAddress(sessionId);
  }, [sessionId, open]);

  return {
    sessionId,
    turns,
    loading,
    loadError: session.loadError,
    refresh: session.refresh,
    open,
    reset,
    clearSendError: () => sending.failSend(null),
  };
}
