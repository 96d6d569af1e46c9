// The answers of one playground turn, as the fuse reads them (docs/product-rules.md#fuse): the question and the
// answer shown for each model column. A part of the chat store beside messages-store.ts, whose tree it reads.
import { isUuid, type Sql } from '@act/service-kit';
import type { MessageStatus } from './chat-rows';
import { treeOf, treeRowsOf } from './messages-store';

export function createTurnAnswersStore(sql: Sql) {
  /**
   * The answers of one playground turn of the member's session (by the turn's reply id, fused rows left out), with
   * the member's question before them; undefined when the session has no such turn (another member's, unknown).
   */
  async function turnAnswers(
    userId: string,
    sessionId: string,
    replyId: string,
  ): Promise<
    | { question: string; answers: Array<{ modelName: string; content: string; status: MessageStatus }> }
    | undefined
  > {
    if (!isUuid(replyId)) return undefined;
    const [answered] = await sql<Array<{ parent_id: string | null }>>`
      select parent_id from chat_messages
      where session_id = ${sessionId} and user_id = ${userId} and reply_id = ${replyId}
        and role = 'assistant' and fused_from is null
      limit 1`;
    if (!answered?.parent_id) return undefined;
    // The answers the member sees for that question: one per column, the version shown (a column regenerated
    // alone has its own reply id, so the turn is read through its question, not its reply id).
    const tree = treeOf(await treeRowsOf(sql, sessionId), true);
    const question = tree.pathTo(answered.parent_id).at(-1);
    if (!question) return undefined;
    return {
      question: question.content,
      answers: tree.shownAnswers(question.id).map((row) => ({
        modelName: row.model_name ?? '',
        content: row.content,
        status: row.status,
      })),
    };
  }

  return { turnAnswers };
}
