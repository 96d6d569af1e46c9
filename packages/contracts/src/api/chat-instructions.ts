// A member's custom instructions for every chat screen (issue 38, docs/product-rules.md#chat-workspace): sent to the
// model as system text after the project's, when enabled. Private to the member.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { successReply } from './common';
import { InstructionsTextSchema } from './chat-projects';

export const ChatInstructionsSchema = z.object({
  text: z.string(),
  enabled: z.boolean(),
});
export type ChatInstructions = z.infer<typeof ChatInstructionsSchema>;

export const PutChatInstructionsRequestSchema = z.object({
  text: InstructionsTextSchema,
  enabled: z.boolean(),
});
export type PutChatInstructionsRequest = z.infer<typeof PutChatInstructionsRequestSchema>;

export const ChatInstructionsReplySchema = successReply({ instructions: ChatInstructionsSchema });
export type ChatInstructionsReply = z.infer<typeof ChatInstructionsReplySchema>;

/** `?sessionId=`: what the model is told on the session's next message (the "Instructions in use" note). */
export const ChatInstructionsInUseQuerySchema = z.object({
  sessionId: z.string().min(1).max(64).optional(),
  projectId: z.string().min(1).max(64).optional(),
});
export type ChatInstructionsInUseQuery = z.infer<typeof ChatInstructionsInUseQuerySchema>;

export const ChatInstructionsInUseReplySchema = successReply({
  /** The system texts in the order the model reads them: the project's, then the member's (empty ones left out). */
  inUse: z.array(z.object({ source: z.enum(['project', 'member']), text: z.string() })),
});
export type ChatInstructionsInUseReply = z.infer<typeof ChatInstructionsInUseReplySchema>;

export const CHAT_INSTRUCTIONS_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: '/api/chat/instructions',
    access: 'member',
    reply: ChatInstructionsReplySchema,
  }),
  put: endpoint({
    method: 'PUT',
    path: '/api/chat/instructions',
    access: 'member',
    request: PutChatInstructionsRequestSchema,
    reply: ChatInstructionsReplySchema,
  }),
  /** What the model is told in a session (or a new chat in a project): the project's then the member's texts. */
  inUse: endpoint({
    method: 'GET',
    path: '/api/chat/instructions/in-use',
    access: 'member',
    request: ChatInstructionsInUseQuerySchema,
    reply: ChatInstructionsInUseReplySchema,
  }),
} as const;
