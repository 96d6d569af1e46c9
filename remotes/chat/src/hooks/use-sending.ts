// Sending a message and reading its streamed reply: the Send button's whole path on a chat screen. `submit` takes the
// box's text (refused while blocked or while a reply is written), `send` places the turn and reads the reply's events
// (`start`, the text, `done` or `error`) into it through the reducer (reply-state.ts `applyEvent`). A message refused
// before its reply started goes back into the box, with the spec's text. A reply belongs to the server: when the
// stream breaks off after `start`, the service still finishes, saves and charges it, and the conversation follows it
// by its id (use-followed-reply.ts). Stop asks the server to stop the reply, also before its id arrived.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CHAT_ENDPOINTS } from '@act/contracts';
import { ERROR_TEXTS, UI_TEXTS, type ChatKind, type ChatStreamEvent } from '@act/contracts';
import { announce, errorMessage, isApiError, type BodyOf, type CallArgs, type ToolHost } from '@act/host-sdk';
import type { ChatScreen } from './use-chat-page';
import { SINGLE, applyEvent, failTurn, isStreaming, type Attachments, type Turn } from '../reply-state';
import { placeSentTurn, type MessageBranch } from './use-branches';
import type { SessionTurns } from './use-session-turns';
import { useStop } from './use-stop';

/** The send-message endpoint of a chat kind. */
type SendEndpoint<K extends ChatKind> = (typeof CHAT_ENDPOINTS)[K]['sendMessage'];

/** The send-message body of a chat kind, as its request schema takes it. */
export type SendMessageBody<K extends ChatKind> = BodyOf<SendEndpoint<K>>;

/** The fields of a kind's send-message body a screen gives; sending adds sessionId, prompt, toolName and the branch. */
export type MessageExtras<K extends ChatKind> = Omit<
  SendMessageBody<K>,
  'sessionId' | 'prompt' | 'toolName' | 'editOf' | 'regenerateOf' | 'parentId' | 'projectId'
>;

/** What a screen sends with a message besides the prompt (histories, attachments). */
export interface OutgoingMessage<K extends ChatKind = ChatKind> {
  prompt: string;
  /** Files shown on the turn (their data goes in `extra`). */
  attachments?: Attachments;
  /** Fields of the send-message body besides sessionId, prompt and toolName, typed by the screen's endpoint. */
  extra?: MessageExtras<K>;
  /** The spec's text when this message fails without a server text (the screen's send text when left out). */
  fallbackError?: string;
  /** What this message costs when charged, when not the screen's next-message price (the web chat's start). */
  price?: number;
  /** An edit or a regenerate of a stored message; a new message after the branch shown when left out. */
  branch?: MessageBranch;
}

export interface Sending<K extends ChatKind = ChatKind> {
  /** The message box's text. */
  text: string;
  setText(text: string): void;
  /**
   * Sends the box's trimmed text through `sendPrompt` (the page builds the message and calls `send`), emptying the box
   * first; a message refused before any reply (credits, network) goes back into the box unless the member has typed
   * something new meanwhile.
   */
  submit(sendPrompt: (prompt: string) => Promise<boolean>): void;
  /** Sends a message; resolves false when it failed before the reply started (the text should stay in the box). */
  send(message: OutgoingMessage<K>): Promise<boolean>;
  /** A reply of this conversation is being written (here or, after a reopen, on the server). */
  streaming: boolean;
  /** This page is reading the reply of a message it sent. */
  reading: boolean;
  /** The reply's stream broke off after it started: it is followed until it ends. */
  following: boolean;
  stopping: boolean;
  stop(): void;
  /** The last send failed before any reply arrived (spec text, or the server's). */
  sendError: string | null;
  /** The failure was a guest's: show Sign Up. */
  needsSignup: boolean;
  /** Shows a failure in the send notice (null clears it). */
  failSend(text: string | null): void;
  /** Stops reading here and forgets the last failure (another session opens, or New); the server finishes the reply. */
  leave(): void;
}

export interface SendingOptions {
  /** Playground model ids, or null for a single-reply screen. */
  columns: readonly string[] | null;
  /** What the next message costs when charged (shown with its reply once it ended). */
  price?: number;
  /** Sending is refused (no provider key, not enough credits): `submit` does nothing. */
  blocked?: boolean;
  /** Called with the new session's id once the server created it (the list shows it). */
  onSessionCreated?(sessionId: string): void;
  /** Called when a message was sent in an existing session (the list moves it to the top). */
  onSessionActive?(sessionId: string): void;
  /** Issue 38: a new chat starts in this project (the one the session list shows). */
  projectId?: string | null;
}

export function useSending<K extends ChatKind>(
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
