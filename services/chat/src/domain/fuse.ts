// Compare, then fuse or continue (issue 25, docs/product-rules.md#fuse), on a member's playground session:
// - fuse: one chosen playground model merges one turn's answers (each labelled by its model) into one answer and ends
//   it with the parts it took from each under FUSE_TAKEN_FROM_HEADING; prepared here (the session and the turn checked
//   as the member's, a 404 otherwise, before anything is reserved), then run as any chat reply (chat-replies.ts),
//   charged as one chat agent message;
// - continue: a new chat agent session with one playground model, its history the member's messages and that
//   model's answers; free (no provider call).
import {
  ERROR_TEXTS,
  ErrorCode,
  FUSE_TAKEN_FROM_HEADING,
  LIMITS,
  PLAYGROUND_AGENT_MODEL,
  PLAYGROUND_MODEL_INFO,
  PlaygroundModelIdSchema,
  type ChatModelId,
  type PlaygroundFuseRequest,
  type PlaygroundModelId,
} from '@act/contracts';
import { AppError } from '@act/service-kit';
import type { ChatModels } from '../config';
import type { ChatStore } from '../db/chat-store';
import type { ProviderMessage } from '../providers/types';
import type { FuseRequest } from './reply-request';

/** What the fusing model is told: merge, then list what was taken from each under the heading the screen splits at. */
export const FUSE_SYSTEM_PROMPT = [
  'You fuse answers from several AI models to the same question into one answer.',
  'Write the single best answer: keep what is correct and useful from each, drop repetition and anything wrong,',
  'and do not mention that it was fused.',
  `Then end with a last section: a line "### ${FUSE_TAKEN_FROM_HEADING}" followed by one line per model,`,
  `"- <model name>: <what you took from its answer, in a few words>" (write "nothing" when you took nothing).`,
].join(' ');

function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, ERROR_TEXTS.server.notFound);
}

/** A playground model's display name, or the stored name as it is. */
function nameOf(modelName: string): string {
  const parsed = PlaygroundModelIdSchema.safeParse(modelName);
  return parsed.success ? PLAYGROUND_MODEL_INFO[parsed.data].name : modelName;
}

/** The question and each answer, labelled by its model, as the fusing model reads them. */
export function fusePrompt(question: string, answers: ReadonlyArray<{ modelName: string; content: string }>) {
  const cap = LIMITS.chatMessage * 4;
  const labelled = answers.map(
    (answer) => `## Answer from ${nameOf(answer.modelName)}\n\n${answer.content.slice(0, cap)}`,
  );
  return `# Question\n\n${question.slice(0, cap)}\n\n${labelled.join('\n\n')}`;
}

export interface FuseDeps {
  store: ChatStore;
  models: ChatModels;
}

/**
 * The fuse of one turn of the member's playground session, ready to reserve and run. A session or turn that is not
 * the member's is a 404; a turn without any finished answer is refused (400), both before anything is reserved.
 */
export async function prepareFuse(
  { store, models }: FuseDeps,
  userId: string,
  sessionId: string,
  input: PlaygroundFuseRequest,
): Promise<FuseRequest> {
  await store.findSession(userId, 'playground', sessionId);
  const turn = await store.turnAnswers(userId, sessionId, input.replyId);
  if (!turn) throw notFound();
  if (turn.answers.some((answer) => answer.status === 'streaming')) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.chat.fuseNotReady);
  }
  const answers = turn.answers.filter(
    (answer) =>
      (answer.status === 'completed' || answer.status === 'stopped') && answer.content.trim() !== '',
  );
  if (answers.length === 0) throw new AppError(ErrorCode.VALIDATION_FAILED, ERROR_TEXTS.chat.fuseNotReady);
  const messages: ProviderMessage[] = [
    { role: 'system', content: FUSE_SYSTEM_PROMPT },
    { role: 'user', content: fusePrompt(turn.question, answers) },
  ];
  return {
    kind: 'fuse',
    userId,
    sessionId,
    prompt: turn.question,
    fusedFrom: input.replyId,
    column: input.model,
    model: models.playground[input.model],
    messages,
  };
}

/** A new chat agent session continuing the member's playground session with one of its models (404 if not theirs). */
export async function continueWithModel(
  store: ChatStore,
  userId: string,
  sessionId: string,
  model: PlaygroundModelId,
): Promise<{ sessionId: string; modelId: ChatModelId }> {
  await store.findSession(userId, 'playground', sessionId);
  const modelId = PLAYGROUND_AGENT_MODEL[model];
  const created = await store.continueAsAgent({
    userId,
    fromSessionId: sessionId,
    modelName: model,
    agentModelId: modelId,
  });
  return { sessionId: created, modelId };
}
