// Chat projects (issue 38, docs/product-rules.md#chat-workspace): a member's folders of chats, each with instructions
// sent to the model on every message of its chats. Private to the member: another member's project id answers 404
// everywhere, exactly like an unknown one.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { successReply, TimestampSchema } from './common';

const W = ERROR_TEXTS.chatWorkspace;

/** Bounds of the chat workspace's texts (docs/product-rules.md#chat-workspace). */
export const CHAT_WORKSPACE_LIMITS = {
  projectName: 100,
  instructions: 4000,
  /** Projects a member may keep: the picker lists them all at once. */
  projects: 100,
} as const;

/**
 * A project or session id as a request names it. Any text up to a UUID's length is accepted: an id that is not a
 * UUID is one more unknown project (404, like another member's), never a validation error telling the two apart.
 */
export const ChatProjectIdSchema = z.string().min(1).max(64);

/** The instructions a member wrote: plain text, never HTML (shown as text), bounded. */
export const InstructionsTextSchema = z
  .string({ error: () => W.instructionsTooLong })
  .max(CHAT_WORKSPACE_LIMITS.instructions, { error: () => W.instructionsTooLong });

export const ChatProjectNameSchema = z
  .string({ error: () => W.projectNameRequired })
  .trim()
  .min(1, { error: () => W.projectNameRequired, abort: true })
  .max(CHAT_WORKSPACE_LIMITS.projectName, { error: () => W.projectNameTooLong });

export const ChatProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  instructions: z.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ChatProject = z.infer<typeof ChatProjectSchema>;

export const CreateChatProjectRequestSchema = z.object({
  name: ChatProjectNameSchema,
  instructions: InstructionsTextSchema.default(''),
});
export type CreateChatProjectRequest = z.infer<typeof CreateChatProjectRequestSchema>;

export const UpdateChatProjectRequestSchema = z
  .object({
    name: ChatProjectNameSchema.optional(),
    instructions: InstructionsTextSchema.optional(),
  })
  .refine((req) => req.name !== undefined || req.instructions !== undefined, {
    error: () => W.nothingToChange,
  });
export type UpdateChatProjectRequest = z.infer<typeof UpdateChatProjectRequestSchema>;

export const ChatProjectParamsSchema = z.object({ id: ChatProjectIdSchema });

/** `?deleteChats=true` deletes the project's chats with it; otherwise they stay, outside any project. */
export const DeleteChatProjectQuerySchema = z.object({
  deleteChats: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type DeleteChatProjectQuery = z.infer<typeof DeleteChatProjectQuerySchema>;

export const ChatProjectReplySchema = successReply({ project: ChatProjectSchema });
export type ChatProjectReply = z.infer<typeof ChatProjectReplySchema>;

export const ChatProjectsReplySchema = successReply({ projects: z.array(ChatProjectSchema) });
export type ChatProjectsReply = z.infer<typeof ChatProjectsReplySchema>;

export const DeleteChatProjectReplySchema = successReply({
  /** How many chats were deleted with it (0 when they were kept). */
  deletedChats: z.number().int().nonnegative(),
});
export type DeleteChatProjectReply = z.infer<typeof DeleteChatProjectReplySchema>;

export const CHAT_PROJECT_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/api/chat/projects',
    access: 'member',
    request: CreateChatProjectRequestSchema,
    reply: ChatProjectReplySchema,
  }),
  /** All of the member's projects, by name (bounded by CHAT_WORKSPACE_LIMITS.projects). */
  list: endpoint({
    method: 'GET',
    path: '/api/chat/projects',
    access: 'member',
    reply: ChatProjectsReplySchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/chat/projects/:id',
    access: 'member',
    params: ChatProjectParamsSchema,
    request: UpdateChatProjectRequestSchema,
    reply: ChatProjectReplySchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/chat/projects/:id',
    access: 'member',
    params: ChatProjectParamsSchema,
    request: DeleteChatProjectQuerySchema,
    reply: DeleteChatProjectReplySchema,
  }),
} as const;
