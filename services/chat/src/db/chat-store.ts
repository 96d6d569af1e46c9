// The chat database: sessions and messages of each member, read and written only with the member's id from the
// verified token. Another member's session answers exactly like one that does not exist (findOwned/deleteOwned).
// One store object, made of its parts by responsibility: the sessions (sessions-store.ts), the message tree and
// where a new message goes (messages-store.ts), a playground turn's answers for the fuse (turn-answers.ts), and a
// reply's rows (replies-store.ts); the rows are chat-rows.ts.
import type { Sql } from '@act/service-kit';
import { createMessagesStore } from './messages-store';
import { createProjectsStore } from './projects-store';
import { createRepliesStore } from './replies-store';
import { createSessionsStore } from './sessions-store';
import { createTurnAnswersStore } from './turn-answers';

export {
  titleFromMessage,
  type MessageRow,
  type MessageStatus,
  type QuestionRow,
  type ReplyRowState,
  type SessionRow,
  type ShownMessageRow,
  type StoredAttachment,
  type StoredChatKind,
} from './chat-rows';
export type { Branch, BranchInput } from './messages-store';
export type { OpenReplyInput } from './replies-store';
export type { ProjectRow, SystemText } from './projects-store';

export function createChatStore(sql: Sql) {
  const sessions = createSessionsStore(sql);
  return {
    ...sessions,
    ...createMessagesStore(sql, sessions.findSession),
    ...createRepliesStore(sql),
    ...createProjectsStore(sql),
    ...createTurnAnswersStore(sql),
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
