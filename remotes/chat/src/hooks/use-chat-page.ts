// A chat screen's page hook (useChatPage) and its Send button's whole path (useSending). What the chat screens hold
// the same way: whether chat can be used, the session list, the open conversation (a new session goes into the list,
// a message in an old one moves it to the top) with its message box, the next message's cost and whether sending is
// blocked, and edit and branch. Each page adds only what it sends and how it shows it, and its screen (ChatScreen in
// chat-screen.ts, with the other types). Opening a session and following a reply the server is still writing are
// use-open-session.ts's.
//
// The send (useSending): `submit` takes the box's text (refused while blocked or while a reply is written), `send`
// places the turn and reads the reply's events (`start`, the text, `done` or `error`) into it through the reducer
// (reply-state.ts `applyEvent`). A message refused before its reply started goes back into the box, with the spec's
// text. A reply belongs to the server: when the stream breaks off after `start`, the service still finishes, saves
// and charges it, and the conversation follows it by its id (use-open-session.ts). Stop asks the server to stop the
// reply, also before its id arrived.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_ENDPOINTS, ERROR_TEXTS, UI_TEXTS, type ChatKind, type ChatStreamEvent } from '@act/contracts';
import {
  announce,
  errorMessage,
  isApiError,
  useAvailability,
  type CallArgs,
  type ToolHost,
} from '@act/host-sdk';
import { lacksCredits } from '../components/chat-notices';
import { SINGLE, applyEvent, failTurn, isStreaming, type Turn } from '../reply-state';
import type {
  ChatPage,
  ChatPageOptions,
  ChatScreen,
  Conversation,
  OutgoingMessage,
  SendEndpoint,
  SendMessageBody,
  Sending,
  SendingOptions,
} from './chat-screen';
import { placeSentTurn, useBranches } from './use-branches';
import { useOpenSession } from './use-open-session';
import { useSessionList } from './use-session-list';
import { useSessionTurns, type SessionTurns } from './use-session-turns';
import { useStop } from './use-stop';

export function useChatPage<K extends ChatKind>(
  host: ToolHost,
  screen: ChatScreen<K>,
  options: ChatPageOptions,
): ChatPage<K> {
  const { columns, needsProvider = true } = options;
  const cost = options.cost ?? screen.cost;
  const insufficientCredits = options.insufficientCredits ?? screen.texts.insufficientCredits;
  const availability = useAvailability(
    // Whether chat has a provider key and can answer.
    async (signal) => (await host.api.call(CHAT_ENDPOINTS.status, { signal })).available,
    [host.api],
  );
  const sessions = useSessionList(host.api, screen);
  const { reload: reloadSessions, touch: touchSession } = sessions;
  const blocked = (needsProvider && availability === 'unavailable') || lacksCredits(host, cost);
  const session = useSessionTurns(host.api, screen, columns);
  const sending = useSending(host, screen, session, {
    columns,
    price: cost,
    blocked,
    onSessionCreated: useCallback(() => reloadSessions(), [reloadSessions]),
    onSessionActive: touchSession,
    projectId: sessions.projectId,
  });
  // Around the send: the session open, and a reply still written there followed (use-open-session.ts).
  const conversation: Conversation<K> = { ...sending, ...useOpenSession(host, screen, session, sending) };
  const branches = useBranches(host.api, screen, conversation, blocked);
  const { text, setText, submit } = sending;

  return {
    screen,
    availability,
    needsProvider,
    sessions,
    conversation,
    cost,
    insufficientCredits,
    text,
    setText,
    submit,
    blocked,
    ...branches,
  };
}

/** The Send button's path (the header says how): the message box, `submit`, `send` and Stop. */
function useSending<K extends ChatKind>(
  host: ToolHost,
  screen: ChatScreen<K>,
  session: SessionTurns,
  options: SendingOptions,
): Sending<K> {
  const { api } = host;
  const [text, setText] = useState('');
  const [reading, setReading] = useState(false);
  const [following, setFollowing] = useState(false);
  const [failure, setFailure] = useState<{ text: string; needsSignup: boolean } | null>(null);
  const replyStop = useStop(api);
  // What the callbacks must see at once: the reading in progress, and the latest options and balance callback.
  const reader = useRef<AbortController | null>(null);
  const latest = useRef({ options, onCreditsChange: host.onCreditsChange });
  latest.current = { options, onCreditsChange: host.onCreditsChange };

  const lastTurn = session.turns.at(-1);
  const serverStreaming = !reading && isStreaming(lastTurn);
  const streaming = reading || serverStreaming;
  const { sessionId, setSessionId, setTurns, turnsNow, refresh } = session;

  const { started: stopStarted, clear: clearStop } = replyStop;
  const leave = useCallback(() => {
    reader.current?.abort();
    reader.current = null;
    clearStop();
    setReading(false);
    setFollowing(false);
    setFailure(null);
  }, [clearStop]);

  // Leaving the page stops reading only; the server finishes the reply.
  useEffect(() => () => reader.current?.abort(), []);

  const send = useCallback(
    async (message: OutgoingMessage): Promise<boolean> => {
      if (reader.current) return false;
      const controller = new AbortController();
      reader.current = controller;
      clearStop();
      setReading(true);
      setFollowing(false);
      setFailure(null);
      const { columns, price, onSessionCreated, onSessionActive, projectId } = latest.current.options;
      const placed = placeSentTurn(turnsNow(), message, columns ?? [SINGLE], message.price ?? price);
      setTurns(placed.show);
      const update = (change: (turn: Turn) => Turn) =>
        setTurns((current) => current.map((turn) => (turn.key === placed.key ? change(turn) : turn)));
      const fallback = message.fallbackError ?? screen.texts.send;
      const reply = { started: false, ended: false };
      const onEvent = (event: ChatStreamEvent) => {
        if (event.type === 'start') {
          reply.started = true;
          stopStarted(event.messageId);
          if (event.sessionId !== sessionId) {
            setSessionId(event.sessionId);
            onSessionCreated?.(event.sessionId);
          } else {
            onSessionActive?.(event.sessionId);
          }
        } else if (event.type === 'done' || event.type === 'error') {
          reply.ended = true;
          if (event.remainingCredits !== undefined) latest.current.onCreditsChange(event.remainingCredits);
          // The reply grew on screen unread; its end is said once (docs/architecture.md#status-announcements).
          if (event.type === 'done' && event.status === 'completed')
            announce(UI_TEXTS.announce.replyFinished);
          if (event.type === 'error' && !reply.started) {
            setFailure(failureOf(event.error || fallback));
            setTurns(placed.undo);
          }
        }
        update((turn) => applyEvent(turn, event, fallback));
      };
      try {
        for await (const event of api.stream(
          screen.endpoints.sendMessage,
          ...sendArgs(screen, sessionId, message, controller.signal, fallback, projectId),
        )) {
          if (controller.signal.aborted) break;
          onEvent(event);
        }
        if (!controller.signal.aborted && !reply.ended) {
          // The connection ended without a last event. After `start` the server still finishes, saves and charges
          // the reply: keep what arrived and follow it (the reply stays "being written").
          if (reply.started) setFollowing(true);
          else update((turn) => failTurn(turn, ERROR_TEXTS.chat.noAnswerReceived));
        }
        // The new version is stored: the session is read again for its place among the versions (‹ 2/2 ›).
        if (message.branch && reply.started && reply.ended && sessionId)
          void refresh(sessionId).catch(() => undefined);
      } catch (error) {
        if (controller.signal.aborted || reply.started) {
          // The stream broke off mid-reply (network drop, gateway restart): the reply goes on on the server.
          if (!controller.signal.aborted && !reply.ended) setFollowing(true);
        } else {
          setTurns(placed.undo);
          setFailure({
            text: errorMessage(error, fallback),
            needsSignup: isApiError(error) && error.needsSignup === true,
          });
        }
      } finally {
        if (reader.current === controller) {
          reader.current = null;
          clearStop();
          setReading(false);
        }
      }
      return reply.started;
    },
    [api, screen, sessionId, setSessionId, setTurns, turnsNow, refresh, stopStarted, clearStop],
  );

  const submit = (sendPrompt: (prompt: string) => Promise<boolean>) => {
    const prompt = text.trim();
    if (!prompt || options.blocked || streaming) return;
    setText('');
    void sendPrompt(prompt).then((started) => {
      if (!started) setText((current) => (current === '' ? prompt : current));
    });
  };

  // Once a server-side reply has ended, the Stop is done and it is no longer followed.
  useEffect(() => {
    if (!streaming) {
      clearStop();
      setFollowing(false);
    }
  }, [streaming, clearStop]);

  const failSend = useCallback((text: string | null) => setFailure(failureOf(text)), []);
  return {
    text,
    setText,
    submit,
    send,
    streaming,
    reading,
    following: following && serverStreaming,
    stopping: replyStop.stopping,
    stop: () => {
      if (streaming) replyStop.stop(reading, lastTurn?.replyId);
    },
    sendError: failure?.text ?? null,
    needsSignup: failure?.needsSignup ?? false,
    failSend,
    leave,
  };
}

/** A failure shown in the send notice (null: none). */
function failureOf(text: string | null): { text: string; needsSignup: boolean } | null {
  return text === null ? null : { text, needsSignup: false };
}

/** The call's arguments: the screen's extras are typed by its kind's endpoint; with them, these fields are its body. */
function sendArgs(
  screen: ChatScreen,
  sessionId: string | null,
  message: OutgoingMessage,
  signal: AbortSignal,
  fallbackError: string,
  projectId?: string | null,
): CallArgs<SendEndpoint<ChatKind>> {
  const body = {
    ...(sessionId ? { sessionId } : projectId ? { projectId } : {}),
    prompt: message.prompt,
    ...message.extra,
    ...message.branch,
    toolName: screen.toolId,
  } as SendMessageBody<ChatKind>;
  // The body is the screen's own kind's (built above from extras typed by that kind); TypeScript cannot pair the two
  // members of a union by itself.
  return [{ body, signal, fallbackError }] as CallArgs<SendEndpoint<ChatKind>>;
}
