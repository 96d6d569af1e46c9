// A session's messages as a tree (docs/architecture.md#chat-replies, edit and branch): the branch shown with each
// message's versions, the history a model reads, and where a new message goes (placeOf), resolved before anything is
// reserved. Every id is looked up in the member's own session: another member's, another session's or an answer's id
// answers 404 exactly like an unknown one, and nothing is charged.
//
// The tree (messageTree): a member's message follows the member's message before it (parent_id, null for the
// first), an answer belongs to the member's message it answers. Siblings are the versions of one place in the
// conversation: edited messages (same parent), and regenerated answers (same question; on the playground, of the same
// model column). Among siblings the one shown is the one most recently shown or written; the branch shown is the path
// of shown messages from the first one down. Pure functions over the session's rows, so the history a model reads and
// the conversation a member sees agree.
import { ERROR_TEXTS, ErrorCode } from '@act/contracts';
import { AppError, isUuid, type Db, type Sql } from '@act/service-kit';
import {
  notFound,
  type QuestionRow,
  type SessionRow,
  type ShownMessageRow,
  type StoredAttachment,
  type StoredChatKind,
  type TreeMessageRow,
  type TreeRow,
  type Versions,
} from './chat-rows';

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

/**
 * The tree of one session's rows (given in the order they were written). `byColumn`: answers are versions of each
 * other per model column (the playground); otherwise every answer to a question is a version of the others.
 */
export function messageTree<R extends TreeRow>(rows: readonly R[], byColumn: boolean) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const order = new Map(rows.map((row, index) => [row.id, index]));
  const children = new Map<string | null, R[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const group = (row: R) => (row.role === 'assistant' && byColumn ? (row.model_name ?? '') : '');
  const siblingsOf = (row: R) =>
    (children.get(row.parent_id) ?? []).filter(
      (other) => other.role === row.role && group(other) === group(row),
    );
  /** The most recently shown (or written) of the list; the later written on a tie. */
  const shownOf = (list: readonly R[]): R | undefined =>
    list.reduce<R | undefined>((best, row) => {
      if (!best) return row;
      const a = row.shown_key.getTime();
      const b = best.shown_key.getTime();
      return a > b || (a === b && order.get(row.id)! > order.get(best.id)!) ? row : best;
    }, undefined);
  const questionsAfter = (parentId: string | null) =>
    (children.get(parentId) ?? []).filter((row) => row.role === 'user');

  return {
    /** The member's messages of the branch shown, first to last. */
    shownPath(): R[] {
      const path: R[] = [];
      let next = shownOf(questionsAfter(null));
      while (next) {
        path.push(next);
        next = shownOf(questionsAfter(next.id));
      }
      return path;
    },
    /** The member's messages from the first one to this one (empty for null or an id not in the tree). */
    pathTo(questionId: string | null): R[] {
      const path: R[] = [];
      let row = questionId === null ? undefined : byId.get(questionId);
      while (row) {
        path.unshift(row);
        row = row.parent_id === null ? undefined : byId.get(row.parent_id);
      }
      return path;
    },
    /** The answers shown for a question: one per model column on the playground, else one; in written order. */
    shownAnswers(questionId: string): R[] {
      const answers = (children.get(questionId) ?? []).filter((row) => row.role === 'assistant');
      const groups = new Map<string, R[]>();
      for (const answer of answers) {
        const list = groups.get(group(answer)) ?? [];
        list.push(answer);
        groups.set(group(answer), list);
      }
      return [...groups.values()]
        .map((list) => shownOf(list)!)
        .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    },
    versions(row: R): Versions {
      const siblings = siblingsOf(row);
      const index = siblings.findIndex((other) => other.id === row.id);
      return {
        index: index + 1,
        count: siblings.length,
        previous: siblings[index - 1]?.id ?? null,
        next: siblings[index + 1]?.id ?? null,
      };
    },
  };
}

/** Every message of the session in written order, as the tree reads them (inside a transaction: on its `tx`). */
export function treeRowsOf(db: Db, sessionId: string): Promise<TreeMessageRow[]> {
  return db<TreeMessageRow[]>`
    select id, session_id, role, reply_id, model_name, content, reasoning, status, error, citations,
      attachments, local, credits, fused_from, created_at, parent_id, coalesce(shown_at, created_at) as shown_key
    from chat_messages where session_id = ${sessionId} order by seq`;
}

// A fused playground answer hangs off the question of the turn it merged, but is no version of any column's answer:
// the tree (versions, what each model reads) leaves it out, and the branch shown lists it after that turn's answers.
const ONE_VERSION: Versions = { index: 1, count: 1, previous: null, next: null };
const fusedAnswers = (rows: readonly TreeMessageRow[], questionId: string) =>
  rows.filter((row) => row.fused_from !== null && row.parent_id === questionId);

/** The session's tree without its fused answers; `byColumn`: a playground's, one answer per model column. */
export function treeOf(rows: readonly TreeMessageRow[], byColumn: boolean) {
  return messageTree(
    rows.filter((row) => row.fused_from === null),
    byColumn,
  );
}

/**
 * A path of member's messages, each with the answer shown for it by that model (playground) or the one answer:
 * empty, failed and unfinished answers are left out.
 */
export function conversationAlong(
  tree: ReturnType<typeof treeOf>,
  path: readonly TreeMessageRow[],
  modelName?: string,
): TreeMessageRow[] {
  return path.flatMap((question) => {
    const answer = tree
      .shownAnswers(question.id)
      .find((row) => modelName === undefined || row.model_name === modelName);
    const kept =
      answer && (answer.status === 'completed' || answer.status === 'stopped') && answer.content !== '';
    return kept ? [question, answer] : [question];
  });
}

function invalid(): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.validation.invalidRequest);
}

export function createMessagesStore(
  sql: Sql,
  findSession: (userId: string, kind: StoredChatKind, id: string) => Promise<SessionRow>,
) {
  /**
   * A member's message of this session of this member (what an edit, a regenerate or a continuation names), or a
   * 404 exactly like an unknown one: another member's id, an answer's, another session's, a malformed one.
   */
  async function findQuestion(userId: string, sessionId: string, messageId: string): Promise<QuestionRow> {
    if (!isUuid(messageId)) throw notFound();
    const [row] = await sql<QuestionRow[]>`
      select id, parent_id, content, attachments from chat_messages
      where id = ${messageId} and session_id = ${sessionId} and user_id = ${userId} and role = 'user'`;
    if (!row) throw notFound();
    return row;
  }

  /** The last member's message of the branch shown (what a new message follows), or null for an empty session. */
  async function shownLeaf(sessionId: string, kind: StoredChatKind): Promise<string | null> {
    const tree = treeOf(await treeRowsOf(sql, sessionId), kind === 'playground');
    return tree.shownPath().at(-1)?.id ?? null;
  }

  return {
    findQuestion,
    shownLeaf,

    /**
     * The branch shown of the session, first message to last: each member's message, then the answers shown for it
     * (one per playground column), each with where it stands among its versions.
     */
    async listMessages(userId: string, kind: StoredChatKind, sessionId: string): Promise<ShownMessageRow[]> {
      await findSession(userId, kind, sessionId);
      const rows = await treeRowsOf(sql, sessionId);
      const tree = treeOf(rows, kind === 'playground');
      return tree.shownPath().flatMap((question) =>
        [question, ...tree.shownAnswers(question.id), ...fusedAnswers(rows, question.id)].map((row) => {
          const { shown_key: _shown, ...message } = row;
          // A fused answer has no versions (findIndex -1 would read as "0 of the column's answers").
          return { ...message, versions: row.fused_from === null ? tree.versions(row) : ONE_VERSION };
        }),
      );
    },

    /**
     * The conversation a new message follows, oldest first, as the model of one column saw it: the member's messages
     * from the session's first down to `upTo` (the new message's parent; the branch shown's last when undefined),
     * each with the answer shown for it: that model's (playground) or the one answer. Never a sibling branch. Empty,
     * failed and unfinished answers are left out.
     */
    async history(
      sessionId: string,
      { modelName, limit, upTo }: { modelName?: string; limit: number; upTo?: string | null },
    ): Promise<
      Array<{ role: 'user' | 'assistant'; content: string; attachments: StoredAttachment[] | null }>
    > {
      const tree = treeOf(await treeRowsOf(sql, sessionId), modelName !== undefined);
      const path = upTo === undefined ? tree.shownPath() : tree.pathTo(upTo);
      return conversationAlong(tree, path, modelName)
        .slice(-limit)
        .map((row) => ({ role: row.role, content: row.content, attachments: row.attachments }));
    },

    /**
     * Where a send's message goes in an existing session (checked as the member's here), or undefined for a new
     * session: after the branch shown (a plain send), after a named message (`parentId`), beside a message it
     * replaces (`editOf`: same parent), or as one more answer to a stored message (`regenerateOf`: no new message;
     * the stored text is asked again). At most one may be named, and none without a session.
     */
    async placeOf(userId: string, kind: StoredChatKind, input: BranchInput): Promise<Branch | undefined> {
      const named = [input.parentId, input.editOf, input.regenerateOf].filter((id) => id !== undefined);
      if (named.length > 1) throw invalid();
      if (input.sessionId === undefined) {
        if (named.length > 0) throw invalid();
        return undefined;
      }
      const sessionId = input.sessionId;
      await findSession(userId, kind, sessionId);
      if (input.regenerateOf !== undefined) {
        const question = await findQuestion(userId, sessionId, input.regenerateOf);
        return {
          parentId: question.parent_id,
          answerOf: { id: question.id, content: question.content, attachments: question.attachments },
        };
      }
      if (input.editOf !== undefined) {
        return { parentId: (await findQuestion(userId, sessionId, input.editOf)).parent_id };
      }
      if (input.parentId !== undefined) {
        return { parentId: (await findQuestion(userId, sessionId, input.parentId)).id };
      }
      return { parentId: await shownLeaf(sessionId, kind) };
    },

    /**
     * Shows this version of a message (a member's message or an answer) in place of its siblings: the branch shown
     * is kept in the rows, so it survives a reload. Another member's message answers 404 like an unknown one.
     */
    async showMessage(userId: string, messageId: string): Promise<void> {
      if (!isUuid(messageId)) throw notFound();
      const rows = await sql`
        update chat_messages set shown_at = clock_timestamp()
        where id = ${messageId} and user_id = ${userId} and status <> 'streaming'
        returning id`;
      if (rows.length === 0) throw notFound();
    },
  };
}
