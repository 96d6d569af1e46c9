// A session's stored messages as turns (docs/product-rules.md#resume): what a reopened session, a poll of a reply
// still being written and a flip between versions show. A reply read back looks like the same reply streamed here.
import { ERROR_TEXTS, type ChatAttachment, type ChatMessage } from '@act/contracts';
import {
  SINGLE,
  streamingReply,
  type Attachments,
  type FusedReply,
  type ReplyStatus,
  type Turn,
} from './reply-state';

/** A stored message's state; a message without one (stored before replies streamed) counts as done. */
function storedStatus(message: ChatMessage): ReplyStatus {
  const status = message.status;
  if (status === 'streaming' || status === 'failed' || status === 'stopped') return status;
  return 'done';
}

/** A stored message's files as the turn shows them (its signed URLs open them); undefined when it has none. */
function storedAttachments(files: readonly ChatAttachment[] | undefined): Attachments | undefined {
  if (!files?.length) return undefined;
  const attachments: Attachments = {};
  for (const file of files) {
    attachments[file.kind] ??= { name: file.name ?? file.kind.toUpperCase(), url: file.url };
  }
  return attachments;
}

/**
 * Turns from a session's stored messages (oldest first): each user message opens a turn; the assistant messages
 * after it fill its columns (by model name on the playground, the single reply elsewhere). A turn whose column has
 * no message yet shows that column as still being written.
 */
export function turnsFromMessages(
  messages: readonly ChatMessage[],
  columns: readonly string[] | null,
  fallbackError: string,
): Turn[] {
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === 'user') {
      const attachments = storedAttachments(message.attachments);
      turns.push({
        key: message.id,
        messageId: message.id,
        prompt: message.content,
        ...(attachments ? { attachments } : {}),
        ...(message.versions ? { versions: message.versions } : {}),
        replies: {},
      });
      continue;
    }
    if (message.fused_from) {
      // A fused answer belongs to the turn it merged, beside its columns, not in one of them.
      const fused = turns.findLast((turn) => turn.replyId === message.fused_from);
      if (fused) fused.fused = fusedFromMessage(message, fallbackError);
      continue;
    }
    const turn = turns.at(-1);
    if (!turn) continue;
    const column = columns ? (message.model_name ?? '') : SINGLE;
    if (columns && !columns.includes(column)) continue;
    const status = storedStatus(message);
    if (message.reply_id) turn.replyId = message.reply_id;
    if (!columns && message.model_name) turn.model = message.model_name;
    if (typeof message.credits === 'number') turn.credits = message.credits;
    turn.replies[column] = {
      text: message.content,
      reasoning: message.reasoning ?? '',
      status,
      citations: message.citations ?? [],
      local: message.local === true,
      ...(message.versions ? { versions: message.versions } : {}),
      ...(status === 'failed' ? { error: message.error || fallbackError } : {}),
      ...(status === 'stopped' && message.error ? { error: message.error } : {}),
    };
  }
  turns.forEach((turn, index) => {
    // The last turn may still be in the making (its rows not written yet); an earlier one never got this answer.
    const last = index === turns.length - 1;
    for (const column of columns ?? [SINGLE]) {
      turn.replies[column] ??= last
        ? streamingReply()
        : { ...streamingReply(), status: 'failed', error: ERROR_TEXTS.chat.noAnswerReceived };
    }
  });
  return turns;
}

/** A stored fused answer as its card shows it. */
function fusedFromMessage(message: ChatMessage, fallbackError: string): FusedReply {
  const status = storedStatus(message);
  return {
    model: message.model_name ?? '',
    ...(message.reply_id ? { replyId: message.reply_id } : {}),
    ...(typeof message.credits === 'number' ? { credits: message.credits } : {}),
    reply: {
      text: message.content,
      reasoning: message.reasoning ?? '',
      status,
      citations: [],
      local: false,
      ...(status === 'failed' ? { error: message.error || fallbackError } : {}),
      ...(status === 'stopped' && message.error ? { error: message.error } : {}),
    },
  };
}
