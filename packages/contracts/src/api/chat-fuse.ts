// Fusing a playground turn (docs/product-rules.md#fuse): one chosen model merges the four answers into one, then
// lists what it took from each under a last heading. The service asks for that heading (FUSE_TAKEN_FROM_HEADING) and
// the screen splits the fused answer at it (splitFusedAnswer), streaming or stored alike. Also the requests and
// replies of fusing and of continuing a comparison as a chat agent session.
import { z } from 'zod';
import { ChatModelIdSchema, PlaygroundModelIdSchema } from '../options';
import { successReply } from './common';
import { chatReplyFields } from './chat-send';

/** The heading the fused answer ends with, followed by one `- <model name>: <what was taken>` line per model. */
export const FUSE_TAKEN_FROM_HEADING = 'Taken from';

export interface FusedPart {
  /** The model's name as the fusing model wrote it. */
  model: string;
  /** What was taken from its answer. */
  parts: string;
}

export interface FusedAnswer {
  /** The merged answer, without the trailer. */
  answer: string;
  /** What was taken from each answer; empty when the model wrote no trailer (or it has not arrived yet). */
  takenFrom: FusedPart[];
}

const HEADING = new RegExp(
  `^[ \\t]*(?:#{1,6}[ \\t]*)?\\**${FUSE_TAKEN_FROM_HEADING}\\**:?\\**[ \\t]*$`,
  'gim',
);
const PART = /^[ \t]*(?:[-*•]|\d+[.)])?[ \t]*\**([^:*—–\n]+?)\**[ \t]*(?::|—|–| - )[ \t]*(.+)$/;

/** The fused answer split at its last "Taken from" heading into the answer and the parts taken from each model. */
export function splitFusedAnswer(text: string): FusedAnswer {
  let at = -1;
  let end = -1;
  for (const match of text.matchAll(HEADING)) {
    at = match.index;
    end = match.index + match[0].length;
  }
  if (at < 0) return { answer: text.trim(), takenFrom: [] };
  const takenFrom: FusedPart[] = [];
  for (const line of text.slice(end).split('\n')) {
    const part = PART.exec(line);
    if (part?.[1] && part[2]) takenFrom.push({ model: part[1].trim(), parts: part[2].trim() });
  }
  return { answer: text.slice(0, at).trim(), takenFrom };
}

/**
 * POST /api/chat/sessions/:id/fuse (issue 25, docs/product-rules.md#fuse): the chosen playground model merges the
 * four answers of one turn of the session (`replyId`, the turn's reply id) into one. Streamed like a chat reply,
 * priced as one chat agent message. `replyId` accepts any short text: an unknown one is a 404 like another member's.
 */
export const PlaygroundFuseRequestSchema = z.object({
  replyId: z.string().min(1).max(64),
  model: PlaygroundModelIdSchema,
});
export type PlaygroundFuseRequest = z.infer<typeof PlaygroundFuseRequestSchema>;

/** The fused answer (`response`, ending with its "Taken from" list) and the balance after it. */
export const PlaygroundFuseReplySchema = successReply({ ...chatReplyFields });
export type PlaygroundFuseReply = z.infer<typeof PlaygroundFuseReplySchema>;

/**
 * POST /api/chat/sessions/:id/continue (issue 25): a new chat agent session with the chosen playground model, whose
 * history is the member's messages and that model's answers. Free (no provider call).
 */
export const PlaygroundContinueRequestSchema = z.object({ model: PlaygroundModelIdSchema });
export type PlaygroundContinueRequest = z.infer<typeof PlaygroundContinueRequestSchema>;

export const PlaygroundContinueReplySchema = successReply({
  /** The new chat agent session. */
  sessionId: z.uuid(),
  /** The tool whose screen opens it (`/tools/<tool>?session=<sessionId>`). */
  tool: z.literal('chat-agent'),
  /** The chat agent model it continues with. */
  modelId: ChatModelIdSchema,
});
export type PlaygroundContinueReply = z.infer<typeof PlaygroundContinueReplySchema>;
