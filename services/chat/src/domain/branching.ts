// Where a new message goes in a session's tree (docs/architecture.md#chat-replies, edit and branch), resolved before
// anything is reserved: after the branch shown (a plain send), after a named message (`parentId`), beside a message it
// replaces (`editOf`: same parent), or as one more answer to a stored message (`regenerateOf`: no new message; the
// stored text is asked again). Every id is looked up in the member's own session: another member's, another
// session's or an answer's id answers 404 exactly like an unknown one, and nothing is charged.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError } from '@act/service-kit';
import type { ChatStore, StoredAttachment, StoredChatKind } from '../db/chat-store';

/** What a send may say about where its message goes. */
export interface BranchInput {
  sessionId?: string | undefined;
  parentId?: string | undefined;
  editOf?: string | undefined;
  regenerateOf?: string | undefined;
}

/** Where the new message goes: its parent, and for a regenerate the stored message answered again. */
export interface Branch {
  /** The member's message the new one follows (null: the session's first); the history is the path down to it. */
  parentId: string | null;
  /** Regenerate: the stored member's message answered again, with its text and attachments. */
  answerOf?: { id: string; content: string; attachments: StoredAttachment[] | null };
}

function invalid(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.invalidRequest);
}

/** The branch of a send into an existing session (checked as the member's), or none for a new session. */
export async function resolveBranch(
  store: ChatStore,
  userId: string,
  kind: StoredChatKind,
  input: BranchInput,
): Promise<Branch | undefined> {
  const named = [input.parentId, input.editOf, input.regenerateOf].filter((id) => id !== undefined);
  if (named.length > 1) throw invalid();
  if (input.sessionId === undefined) {
    if (named.length > 0) throw invalid();
    return undefined;
  }
  const sessionId = input.sessionId;
  await store.findSession(userId, kind, sessionId);
  if (input.regenerateOf !== undefined) {
    const question = await store.findQuestion(userId, sessionId, input.regenerateOf);
    return {
      parentId: question.parent_id,
      answerOf: { id: question.id, content: question.content, attachments: question.attachments },
    };
  }
  if (input.editOf !== undefined) {
    const question = await store.findQuestion(userId, sessionId, input.editOf);
    return { parentId: question.parent_id };
  }
  if (input.parentId !== undefined) {
    const question = await store.findQuestion(userId, sessionId, input.parentId);
    return { parentId: question.id };
  }
  return { parentId: await store.shownLeaf(sessionId, kind) };
}
