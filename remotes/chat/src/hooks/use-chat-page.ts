// What the chat screens hold the same way: whether chat can be used, the session list, the open conversation (a new
// session goes into the list, a message in an old one moves it to the top), the text in the message box, the next
// message's cost, and the rules for when a message or a Regenerate may be sent. Each page adds only what it sends and
// how it shows it.
import { useCallback, useState } from 'react';
import { CHAT_ENDPOINTS, type ChatKind } from '@act/contracts';
import { useAvailability, type Availability, type ToolHost } from '@act/host-sdk';
import type { ChatScreen } from '../chat-screens';
import { lacksCredits } from '../components/chat-notices';
import type { Turn } from '../reply-state';
import {
  useConversation,
  type Conversation,
  type MessageExtras,
  type OutgoingMessage,
} from './use-conversation';
import { useSessionList, type SessionList } from './use-session-list';

export interface ChatPage<K extends ChatKind = ChatKind> {
  screen: ChatScreen<K>;
  availability: Availability;
  /** Sending needs a provider key (false for the web chat, which answers locally without one). */
  needsProvider: boolean;
  sessions: SessionList;
  conversation: Conversation<K>;
  /** Credits the next message costs (the chat agent's depends on web search). */
  cost: number;
  /** The spec's text for a balance below `cost`. */
  insufficientCredits: string;
  /** The message box's text. */
  text: string;
  setText(text: string): void;
  /** Sending is refused: no provider key on the server, or not enough credits (the notices say why). */
  blocked: boolean;
  /** The last turn while Regenerate may send it again (no reply streaming, nothing blocking), else undefined. */
  regenerable: Turn | undefined;
  /**
   * Sends the box's trimmed text through `sendPrompt`, emptying the box first; a message refused before any reply
   * (credits, network) goes back into the box unless the member has typed something new meanwhile.
   */
  submit(sendPrompt: (prompt: string) => Promise<boolean>): void;
  /**
   * Edit and branch (docs/architecture.md#chat-replies): the edit of a stored question, sent as a new version of it
   * with the screen's extras, while a message may be sent (else undefined); its price is `cost`.
   */
  editOf(turn: Turn, extra?: MessageExtras<K>): ((prompt: string) => Promise<boolean>) | undefined;
  /**
   * The regenerate of a stored turn's answer (one playground column when named), while the turn may be regenerated
   * (`regenerable`); a turn not stored yet is sent again as a new message. Costs `cost`.
   */
  regenerate(turn: Turn, options?: { column?: string; resend?: OutgoingMessage<K> }): Promise<boolean>;
  /** Flips a message to another version while no reply is being written. */
  showVersion: ((messageId: string) => void) | undefined;
}

export interface ChatPageOptions {
  /** Playground model ids, or null for a single-reply screen. */
  columns: readonly string[] | null;
  /** Credits of the next message; the screen's cost when left out. */
  cost?: number;
  /** The refusal text below that cost; the screen's when left out. */
  insufficientCredits?: string;
  /** False when the screen answers without a provider key (web chat); true when left out. */
  needsProvider?: boolean;
}

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
  const conversation = useConversation(host, screen, {
    columns,
    price: cost,
    onSessionCreated: useCallback(() => reloadSessions(), [reloadSessions]),
    onSessionActive: touchSession,
  });
  const [text, setText] = useState('');
  const blocked = (needsProvider && availability === 'unavailable') || lacksCredits(host, cost);

  const submit = (sendPrompt: (prompt: string) => Promise<boolean>) => {
    const prompt = text.trim();
    if (!prompt || blocked || conversation.streaming) return;
    setText('');
    void sendPrompt(prompt).then((started) => {
      if (!started) setText((current) => (current === '' ? prompt : current));
    });
  };

  const last = conversation.turns.at(-1);
  const regenerable = last && !conversation.streaming && !blocked ? last : undefined;

  const editOf = (turn: Turn, extra?: MessageExtras<K>) => {
    const messageId = turn.messageId;
    if (!messageId || blocked || conversation.streaming) return undefined;
    return (prompt: string) =>
      conversation.send({ prompt, ...(extra ? { extra } : {}), branch: { editOf: messageId } });
  };

  const regenerate = (turn: Turn, options: { column?: string; resend?: OutgoingMessage<K> } = {}) => {
    const again: OutgoingMessage<K> = options.resend ?? { prompt: turn.prompt };
    if (!turn.messageId) return conversation.send(again);
    const column = options.column;
    return conversation.send({
      ...again,
      prompt: turn.prompt,
      branch: { regenerateOf: turn.messageId, ...(column ? { column } : {}) },
    });
  };

  const { showVersion: show } = conversation;
  const showVersion = conversation.streaming ? undefined : (id: string) => void show(id);

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
    blocked,
    regenerable,
    submit,
    editOf,
    regenerate,
    showVersion,
  };
}
