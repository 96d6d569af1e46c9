// What a chat screen is and what its page hook offers, as types (the hooks are use-chat-page.ts and the hooks it
// composes): a screen (ChatScreen: the tool, its endpoints and the spec's texts for its failures), the page's state
// (ChatPage), the open conversation (Conversation), and a message sent with its streamed reply (Sending,
// OutgoingMessage). Also the texts of the screens whose sessions are "chats".
import {
  ERROR_TEXTS,
  UI_TEXTS,
  deleteSessionConfirm,
  type CHAT_ENDPOINTS,
  type ChatKind,
  type ToolId,
} from '@act/contracts';
import type { Availability, BodyOf } from '@act/host-sdk';
import type { Attachments } from '../reply-state';
import type { Branches, MessageBranch } from './use-branches';
import type { SessionList } from './use-session-list';
import type { SessionTurns } from './use-session-turns';

/** The screens with a session list: the four chats, and Deep Search (its endpoints are `CHAT_ENDPOINTS.deepSearch`). */
export type ChatScreenKind = ChatKind | 'deepSearch';

/**
 * The texts of the screens whose sessions are "chats" (the Chat Agent and the playground), read once the page's
 * language is set (remotes load after contracts has switched).
 */
export const CHAT_SESSION_TEXTS = {
  newSession: UI_TEXTS.chat.newChat,
  confirmDelete: deleteSessionConfirm('chat'),
  loadSessions: ERROR_TEXTS.chat.loadChatSessions,
  loadMessages: ERROR_TEXTS.chat.loadChatMessages,
  deleteSession: ERROR_TEXTS.chat.deleteChatSession,
  renameSession: ERROR_TEXTS.chat.renameSession,
  send: ERROR_TEXTS.chat.sendMessage,
};

/** A chat screen of kind K (its endpoints type what it sends); ChatScreen alone is any of them. */
export interface ChatScreen<K extends ChatScreenKind = ChatScreenKind> {
  toolId: ToolId;
  /** Credits one message costs (docs/product-rules.md#costs-and-limits). */
  cost: number;
  /** Send a message, list, rename and delete sessions, read a session. */
  endpoints: (typeof CHAT_ENDPOINTS)[K];
  texts: {
    newSession: string;
    /** The delete confirmation (docs/product-rules.md#validation). */
    confirmDelete: string;
    loadSessions: string;
    loadMessages: string;
    deleteSession: string;
    renameSession: string;
    send: string;
    insufficientCredits: string;
    empty: string;
  };
}

/** A chat screen's state; the message box (`text`, `submit`) is the sending hook's, edit and branch the branches'. */
export interface ChatPage<K extends ChatKind = ChatKind>
  extends Pick<Sending<K>, 'text' | 'setText' | 'submit'>, Branches<K> {
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
  /** Sending is refused: no provider key on the server, or not enough credits (the notices say why). */
  blocked: boolean;
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

export interface Conversation<K extends ChatKind = ChatKind>
  extends Sending<K>, Pick<SessionTurns, 'sessionId' | 'turns' | 'loading' | 'loadError' | 'refresh'> {
  open(sessionId: string): void;
  /** Back to an empty conversation (New Chat). */
  reset(): void;
  clearSendError(): void;
}

/** The send-message endpoint of a chat kind. */
export type SendEndpoint<K extends ChatKind> = (typeof CHAT_ENDPOINTS)[K]['sendMessage'];

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
