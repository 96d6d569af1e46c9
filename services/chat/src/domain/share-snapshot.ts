// What a share link publishes (docs/product-rules.md#shared-chats): the conversation as the member's screen shows it
// when the link is made, never the versions behind it (an edited-away message and its files, older regenerated
// answers, earlier fuses). Built from the branch shown as the chat store lists it (listMessages: each member's
// message of the path, then its answers shown, one per playground column, then its fused answers), of which it keeps
// what the screen shows of a turn's fuses: the latest one made from the turn's answers as they are shown (a column
// regenerated since leaves the turn without one). Unfinished, failed and empty answers are left out.
import type { ShownMessageRow } from '../db/chat-store';
import type { SnapshotMessage } from '../db/share-store';

/** The fuse the screen shows under a turn: the last fused answer made from the reply its last answer belongs to. */
function shownFuse(
  answers: readonly ShownMessageRow[],
  fuses: readonly ShownMessageRow[],
): ShownMessageRow | undefined {
  const replyId = answers.at(-1)?.reply_id;
  return replyId ? fuses.findLast((fuse) => fuse.fused_from === replyId) : undefined;
}

/** Each turn of the branch shown as the screen shows it: the member's message, its answers, its fuse. */
function shownTurns(shown: readonly ShownMessageRow[]): ShownMessageRow[] {
  const turns: Array<{ question: ShownMessageRow; answers: ShownMessageRow[]; fuses: ShownMessageRow[] }> =
    [];
  for (const row of shown) {
    if (row.role === 'user') turns.push({ question: row, answers: [], fuses: [] });
    else if (row.fused_from !== null) turns.at(-1)?.fuses.push(row);
    else turns.at(-1)?.answers.push(row);
  }
  return turns.flatMap(({ question, answers, fuses }) => {
    const fuse = shownFuse(answers, fuses);
    return fuse ? [question, ...answers, fuse] : [question, ...answers];
  });
}

const ended = (row: ShownMessageRow) =>
  row.role === 'user' || ((row.status === 'completed' || row.status === 'stopped') && row.content !== '');

/** The snapshot of the branch shown: what was shown, never who wrote it. */
export function snapshotOf(shown: readonly ShownMessageRow[]): SnapshotMessage[] {
  return shownTurns(shown)
    .filter(ended)
    .map((row) => ({
      role: row.role,
      content: row.content,
      model: row.model_name,
      citations: row.citations,
      attachments: row.attachments,
    }));
}
