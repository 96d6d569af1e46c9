// The chat database's rows as the service reads them (001-chat.sql and the migrations after it), and what every
// part of the chat store shares: a foreign or unknown id answers the same 404, and a new session's title.
import { ERROR_TEXTS, ErrorCode, type ChatKind, type Citation } from '@act/contracts';
import { AppError } from '@act/service-kit';

/** The chat tools' session kinds: the four chats and Deep Search, whose reports are sessions too. */
export type StoredChatKind = ChatKind | 'deep-search';

export type MessageStatus = 'streaming' | 'completed' | 'stopped' | 'failed';

export interface SessionRow {
  id: string;
  user_id: string;
  kind: StoredChatKind;
  title: string;
  model_id: string | null;
  url: string | null;
  page_title: string | null;
  page_passages: string[] | null;
  /** Issue 38: the member's project the chat is in, and whether it is pinned (top of its list). */
  project_id: string | null;
  pinned: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A file attached to a member's message, as stored (the history shows it through a signed URL). */
export interface StoredAttachment {
  kind: 'image' | 'pdf';
  key: string;
  contentType: string;
  name: string | null;
  size: number;
}

export interface MessageRow {
  id: string;
  session_id: string;
  role: 'user' | 'assistant';
  reply_id: string | null;
  model_name: string | null;
  content: string;
  reasoning: string;
  status: MessageStatus;
  error: string | null;
  citations: Citation[] | null;
  attachments: StoredAttachment[] | null;
  local: boolean;
  /** Credits the reply was charged (0: free); null while it is written and for rows stored before costs were kept. */
  credits: number | null;
  /** A fused playground answer: the reply id of the turn it merged (null for every other row). */
  fused_from: string | null;
  created_at: Date;
  /** The member's message this one follows (a question) or answers (an answer); null for a session's first. */
  parent_id: string | null;
}

export interface TreeRow {
  id: string;
  parent_id: string | null;
  role: 'user' | 'assistant';
  model_name: string | null;
  /** When it was last shown or, never flipped to, written: the most recent sibling is the one shown. */
  shown_key: Date;
}

/** Where a message stands among its siblings: "2/3", and the ids to flip to. */
export interface Versions {
  index: number;
  count: number;
  previous: string | null;
  next: string | null;
}

/** A message as the tree reads it: when it was last shown (or written). */
export type TreeMessageRow = MessageRow & Pick<TreeRow, 'shown_key'>;

/** A message of the branch shown, with where it stands among its versions. */
export type ShownMessageRow = MessageRow & { versions: Versions };

/** One assistant row of a reply as the generation keeps it (one per playground column). */
export interface ReplyRowState {
  id: string;
  content: string;
  reasoning: string;
  status: MessageStatus;
  error?: string;
  citations?: Citation[];
  local?: boolean;
  /** Final rows: what the reply was charged (0 when it was free). */
  credits?: number;
}

const TITLE_MAX = 60;

export function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
}

/** A session title made from the first message: one line, at most 60 characters. */
export function titleFromMessage(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_MAX ? line : `${line.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

/** A member's message an edit, a regenerate or a continuation names, as stored. */
export interface QuestionRow {
  id: string;
  parent_id: string | null;
  content: string;
  attachments: StoredAttachment[] | null;
}
