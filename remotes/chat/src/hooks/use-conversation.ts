// The open conversation of a chat screen: its turns, sending a message and reading the streamed reply, Stop,
// Regenerate, opening a stored session, and New. The open session is in the address (`?session=<id>`), so a reload,
// a second tab or another device opens it again (docs/product-rules.md#resume). A reply belongs to the server:
// leaving a session (or the page) only stops reading it here; the service finishes, saves and charges it, and
// reopening the session re-attaches to it: the page follows the reply by its id (its text so far, then the rest live,
// from any replica) and, when it ends, reads the header balance again if the follow did not tell it. The same holds
// when the stream breaks off here after the reply started (network drop, gateway restart). Where a reply cannot be
// followed by its id, the session is read again every second until the reply ends.
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_ENDPOINTS, ERROR_TEXTS, UI_TEXTS, type ChatKind } from '@act/contracts';
import { announce, errorMessage, isApiError, type BodyOf, type CallArgs, type ToolHost } from '@act/host-sdk';
import { fetchBalance, listMessages } from '../api/chat-api';
import type { ChatScreen } from '../chat-screens';
import { sessionInAddress, showSessionInAddress } from '../session-address';
import {
  applyEvent,
  failTurn,
  isStreaming,
  keepShownText,
  newTurn,
  regeneratingTurn,
  restartTurn,
  turnsFromMessages,
  type Attachments,
  type Turn,
} from '../reply-state';

/** How often a session whose reply is still being written is read again. */
export const POLL_INTERVAL_MS = 1000;
/** A reply that is still "being written" after this long is not waited for any more. */
const POLL_GIVE_UP_MS = 10 * 60_000;

/** The send-message endpoint of a chat kind. */
type SendEndpoint<K extends ChatKind> = (typeof CHAT_ENDPOINTS)[K]['sendMessage'];

/** The send-message body of a chat kind, as its request schema takes it. */
export type SendMessageBody<K extends ChatKind> = BodyOf<SendEndpoint<K>>;

/** The fields of a kind's send-message body a screen gives; the conversation adds sessionId, prompt and toolName. */
export type MessageExtras<K extends ChatKind> = Omit<
  SendMessageBody<K>,
  'sessionId' | 'prompt' | 'toolName' | 'editOf' | 'regenerateOf' | 'parentId'
>;

/**
 * Where a message goes in the session's tree (docs/architecture.md#chat-replies, edit and branch): in place of a
 * stored message (an edit: the turns after it give way to the new one), or as one more answer to one (a regenerate of
 * the whole turn, or of one playground column). Either costs what a new message costs.
 */
export type MessageBranch = { editOf: string } | { regenerateOf: string; column?: string };

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

export interface Conversation<K extends ChatKind = ChatKind> {
  sessionId: string | null;
  turns: Turn[];
  /** The open session's messages are loading. */
  loading: boolean;
  /** Loading the open session failed (spec text). */
  loadError: string | null;
  /** The last send failed before any reply arrived (spec text, or the server's). */
  sendError: string | null;
  /** The failure was a guest's: show Sign Up. */
  needsSignup: boolean;
  /** A reply of this conversation is being written (here or, after a reopen, on the server). */
  streaming: boolean;
  /** The reply's stream broke off after it started: it is followed by reading the session until it ends. */
  following: boolean;
  stopping: boolean;
  /** Sends a message; resolves false when it failed before the reply started (the text should stay in the box). */
  send(message: OutgoingMessage<K>): Promise<boolean>;
  stop(): void;
  open(sessionId: string): void;
  /** Back to an empty conversation (New Chat). */
  reset(): void;
  /** Shows another version of a message (‹ 2/3 ›): the conversation becomes the branch through it. */
  showVersion(messageId: string): Promise<void>;
  clearSendError(): void;
}

export interface ConversationOptions {
  /** Playground model ids, or null for a single-reply screen. */
  columns: readonly string[] | null;
  /** What the next message costs when charged (shown with its reply once it ended). */
  price?: number;
  /** Called with the new session's id once the server created it (the list shows it). */
  onSessionCreated?(sessionId: string): void;
  /** Called when a message was sent in an existing session (the list moves it to the top). */
  onSessionActive?(sessionId: string): void;
}

let localKeys = 0;

export function useConversation<K extends ChatKind>(
  host: ToolHost,
  screen: ChatScreen<K>,
  options: ConversationOptions,
): Conversation<K> {
  const { api } = host;
  const { columns, price, onSessionCreated, onSessionActive } = options;
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [needsSignup, setNeedsSignup] = useState(false);
  const [localStream, setLocalStream] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [following, setFollowing] = useState(false);
  /** Counts quiet reads that ended (even failed ones), so polling goes on after a read that failed. */
  const [polls, setPolls] = useState(0);

  // What the callbacks must see at once: the reading in progress, the reply id Stop needs, a Stop asked for
  // before that id arrived, and which session load is current.
  const reader = useRef<AbortController | null>(null);
  const replyId = useRef<string | null>(null);
  const stopWanted = useRef(false);
  const loadToken = useRef(0);
  const onCreditsChange = useRef(host.onCreditsChange);
  onCreditsChange.current = host.onCreditsChange;

  const lastTurn = turns.at(-1);
  const serverStreaming = !localStream && isStreaming(lastTurn);
  const streaming = localStream || serverStreaming;

  const stopReading = useCallback(() => {
    reader.current?.abort();
    reader.current = null;
    replyId.current = null;
    stopWanted.current = false;
    setLocalStream(false);
    setStopping(false);
    setFollowing(false);
  }, []);

  // Leaving the page stops reading only; the server finishes the reply.
  useEffect(() => () => reader.current?.abort(), []);

  // The turns as last drawn, for a send that places its turn relative to a stored one.
  const turnsNow = useRef<Turn[]>(turns);
  turnsNow.current = turns;

  /** Reads the open session again in place (after an edit, a regenerate or a flip), keeping the turns on failure. */
  const refresh = useCallback(
    async (id: string) => {
      const token = ++loadToken.current;
      const messages = await listMessages(api, screen, id);
      if (token !== loadToken.current) return;
      setTurns(turnsFromMessages(messages, columns, screen.texts.send));
    },
    [api, screen, columns],
  );

  const sendStop = useCallback(
    (id: string) => {
      api.call(CHAT_ENDPOINTS.stop, { body: { messageId: id } }).catch(() => {
        // The reply may have ended meanwhile; the stream (or the next read) shows how it ended.
        setStopping(false);
      });
    },
    [api],
  );

  const send = useCallback(
    async (message: OutgoingMessage): Promise<boolean> => {
      if (reader.current) return false;
      const controller = new AbortController();
      reader.current = controller;
      replyId.current = null;
      stopWanted.current = false;
      setLocalStream(true);
      setStopping(false);
      setFollowing(false);
      setSendError(null);
      setNeedsSignup(false);
      const { branch } = message;
      const turnColumns = columns ?? ['reply'];
      const turnPrice = message.price ?? price;
      const target = branch
        ? turnsNow.current.find(
            (turn) => turn.messageId === ('editOf' in branch ? branch.editOf : branch.regenerateOf),
          )
        : undefined;
      // A regenerate writes the answers of its turn again; anything else is a new turn (an edit's replaces the
      // edited one and those after it: they belong to the other branch).
      const regenerating = branch && 'regenerateOf' in branch ? target : undefined;
      const key = regenerating?.key ?? `local-${++localKeys}`;
      const turn = newTurn(key, message.prompt, turnColumns, message.attachments);
      const before = turnsNow.current;
      setTurns((current) => {
        if (regenerating) {
          const column = branch && 'column' in branch ? branch.column : undefined;
          return current.map((shown) =>
            shown.key === key ? regeneratingTurn(shown, column ? [column] : undefined, turnPrice) : shown,
          );
        }
        const kept = target ? current.slice(0, current.indexOf(target)) : current;
        return [...kept, turnPrice === undefined ? turn : { ...turn, price: turnPrice }];
      });
      const update = (change: (turn: Turn) => Turn) =>
        setTurns((current) => current.map((turn) => (turn.key === key ? change(turn) : turn)));

      let started = false;
      let ended = false;
      const fallback = message.fallbackError ?? screen.texts.send;
      // The screen's extras are typed by its kind's endpoint; with them, these fields are its whole body.
      const body = {
        ...(sessionId ? { sessionId } : {}),
        prompt: message.prompt,
        ...message.extra,
        ...branch,
        toolName: screen.toolId,
      } as SendMessageBody<ChatKind>;
      // Refused before it started: the conversation is shown as it was (an edit or a regenerate changed nothing).
      const unsend = () =>
        setTurns((current) => (branch ? before : current.filter((shown) => shown.key !== key)));
      // The body is the screen's own kind's (built above from extras typed by that kind); TypeScript cannot pair the
      // two members of a union by itself.
      const options = [{ body, signal: controller.signal, fallbackError: fallback }] as CallArgs<
        SendEndpoint<ChatKind>
      >;
      try {
        // The reply's events as they arrive: first `start`, last `done` or `error`.
        for await (const event of api.stream(screen.endpoints.sendMessage, ...options)) {
          if (controller.signal.aborted) break;
          if (event.type === 'start') {
            started = true;
            replyId.current = event.messageId;
            if (event.sessionId !== sessionId) {
              setSessionId(event.sessionId);
              onSessionCreated?.(event.sessionId);
            } else {
              onSessionActive?.(event.sessionId);
            }
            if (stopWanted.current) sendStop(event.messageId);
          } else if (event.type === 'done') {
            ended = true;
            onCreditsChange.current(event.remainingCredits);
            // The reply grew on screen unread; its end is said once (docs/architecture.md#status-announcements).
            if (event.status === 'completed') announce(UI_TEXTS.announce.replyFinished);
          } else if (event.type === 'error') {
            ended = true;
            if (event.remainingCredits !== undefined) onCreditsChange.current(event.remainingCredits);
            if (!started) {
              setSendError(event.error || fallback);
              unsend();
            }
          }
          update((turn) => applyEvent(turn, event, fallback));
        }
        if (!controller.signal.aborted && !ended) {
          // The connection ended without a last event. After `start` the server still finishes, saves and charges
          // the reply: keep what arrived and follow it by reading the session (the reply stays "being written").
          if (started) setFollowing(true);
          else update((turn) => failTurn(turn, ERROR_TEXTS.chat.noAnswerReceived));
        }
        // The new version is stored: the session is read again for its place among the versions (‹ 2/2 ›).
        if (branch && started && ended && sessionId) void refresh(sessionId).catch(() => undefined);
        return started;
      } catch (error) {
        if (controller.signal.aborted) return started;
        if (started) {
          // The stream broke off mid-reply (network drop, gateway restart): the reply goes on on the server.
          if (!ended) setFollowing(true);
        } else {
          const text = errorMessage(error, fallback);
          unsend();
          setSendError(text);
          setNeedsSignup(isApiError(error) && error.needsSignup === true);
        }
        return started;
      } finally {
        if (reader.current === controller) {
          reader.current = null;
          replyId.current = null;
          setLocalStream(false);
          setStopping(false);
        }
      }
    },
    [api, screen, columns, price, sessionId, onSessionCreated, onSessionActive, sendStop, refresh],
  );

  const stop = useCallback(() => {
    if (!streaming || stopping) return;
    setStopping(true);
    const id = localStream ? replyId.current : (lastTurn?.replyId ?? null);
    if (id) sendStop(id);
    else if (localStream) stopWanted.current = true;
    else setStopping(false);
  }, [streaming, stopping, localStream, lastTurn, sendStop]);

  // A reply read by polling ended: the service has charged it, so the header balance follows (read from credits).
  const refreshBalance = useCallback(async () => {
    try {
      onCreditsChange.current(await fetchBalance(api));
    } catch {
      // The balance stays as shown until the next charged reply or page load.
    }
  }, [api]);

  const load = useCallback(
    async (id: string, quiet: boolean) => {
      const token = ++loadToken.current;
      if (!quiet) {
        setLoading(true);
        setLoadError(null);
      }
      try {
        const messages = await listMessages(api, screen, id);
        if (token !== loadToken.current) return;
        const loaded = turnsFromMessages(messages, columns, screen.texts.send);
        if (quiet) {
          // A reply still being written keeps the text already shown here when its stored text lags behind.
          setTurns((current) => {
            const last = loaded.at(-1);
            return last ? [...loaded.slice(0, -1), keepShownText(current.at(-1), last)] : loaded;
          });
        } else {
          setTurns(loaded);
        }
        setLoadError(null);
        // A quiet load is a poll of a reply still being written; once it has ended, its charge is settled.
        if (quiet && !isStreaming(loaded.at(-1))) void refreshBalance();
      } catch (error) {
        if (token !== loadToken.current) return;
        if (!quiet) {
          setTurns([]);
          setLoadError(errorMessage(error, screen.texts.loadMessages));
        }
      } finally {
        if (token === loadToken.current) {
          setLoading(false);
          if (quiet) setPolls((count) => count + 1);
        }
      }
    },
    [api, screen, columns, refreshBalance],
  );

  const open = useCallback(
    (id: string) => {
      stopReading();
      setSessionId(id);
      setSendError(null);
      setNeedsSignup(false);
      setTurns([]);
      void load(id, false);
    },
    [stopReading, load],
  );

  const reset = useCallback(() => {
    stopReading();
    loadToken.current++;
    setSessionId(null);
    setTurns([]);
    setLoading(false);
    setLoadError(null);
    setSendError(null);
    setNeedsSignup(false);
  }, [stopReading]);

  const showVersion = useCallback(
    async (messageId: string) => {
      if (!sessionId || reader.current) return;
      setSendError(null);
      try {
        await api.call(CHAT_ENDPOINTS.showVersion, { body: { messageId } });
        await refresh(sessionId);
      } catch (error) {
        setSendError(errorMessage(error, screen.texts.loadMessages));
      }
    },
    [api, screen, sessionId, refresh],
  );

  // A reopened session whose reply is still being written, or a reply whose stream broke off here: follow it by its
  // id until it ends. A follow that breaks off after it started is opened again; one refused before it started (the
  // reply cannot be followed here) falls back to reading the session.
  const followId = serverStreaming && sessionId && !loading ? lastTurn?.replyId : undefined;
  const [unfollowable, setUnfollowable] = useState<string | null>(null);
  const [followTries, setFollowTries] = useState(0);
  useEffect(() => {
    if (!followId || followId === unfollowable) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const fallback = screen.texts.send;
    const update = (change: (turn: Turn) => Turn) =>
      setTurns((current) => current.map((turn) => (turn.replyId === followId ? change(turn) : turn)));
    void (async () => {
      let started = false;
      let ended = false;
      try {
        const follow = { params: { id: followId }, signal: controller.signal, fallbackError: fallback };
        for await (const event of api.stream(CHAT_ENDPOINTS.follow, follow)) {
          if (controller.signal.aborted) return;
          if (event.type === 'start') {
            started = true;
            update(restartTurn);
          } else if (event.type === 'done' || event.type === 'error') {
            ended = true;
            if (event.remainingCredits !== undefined) onCreditsChange.current(event.remainingCredits);
            else void refreshBalance();
            if (event.type === 'done' && event.status === 'completed')
              announce(UI_TEXTS.announce.replyFinished);
          }
          update((turn) => applyEvent(turn, event, fallback));
        }
      } catch {
        if (controller.signal.aborted) return;
        if (!started) {
          setUnfollowable(followId);
          return;
        }
      }
      if (!ended && !controller.signal.aborted) {
        retry = setTimeout(() => setFollowTries((count) => count + 1), POLL_INTERVAL_MS);
      }
    })();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [followId, unfollowable, followTries, api, screen, refreshBalance]);

  // A reply that cannot be followed by its id (or has none yet): read the session again until the reply ends (a read
  // that failed, e.g. while the network is still down, is tried again).
  const polled = !lastTurn?.replyId || lastTurn.replyId === unfollowable;
  const pollingSince = useRef<number | null>(null);
  useEffect(() => {
    if (!serverStreaming || !sessionId || loading || !polled) {
      if (!serverStreaming) pollingSince.current = null;
      return;
    }
    pollingSince.current ??= Date.now();
    if (Date.now() - pollingSince.current > POLL_GIVE_UP_MS) return;
    const timer = setTimeout(() => void load(sessionId, true), POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [serverStreaming, sessionId, loading, polled, turns, polls, load]);

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

  // Once a server-side reply has ended, the Stop is done and it is no longer followed.
  useEffect(() => {
    if (!streaming) {
      setStopping(false);
      setFollowing(false);
    }
  }, [streaming]);

  return {
    sessionId,
    turns,
    loading,
    loadError,
    sendError,
    needsSignup,
    streaming,
    following: following && serverStreaming,
    stopping,
    send,
    stop,
    open,
    reset,
    showVersion,
    clearSendError: () => setSendError(null),
  };
}
