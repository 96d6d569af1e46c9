// The message tree of a chat session (docs/architecture.md#chat-replies, edit and branch): a member's message
// follows the member's message before it (parent_id, null for the first), an answer belongs to the member's message
// it answers. Siblings are the versions of one place in the conversation: edited messages (same parent), and
// regenerated answers (same question; on the playground, of the same model column). Among siblings the one shown is
// the one most recently shown or written; the branch shown is the path of shown messages from the first one down.
// Pure functions over the session's rows, so the history a model reads and the conversation a member sees agree.

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
