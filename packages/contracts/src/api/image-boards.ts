// Image boards (docs/product-rules.md#image-boards): a member's named collections of gallery images, text-to-image
// images and photo-effect results alike. An image may be on several boards; deleting a board keeps its images;
// another member's board or image answers 404 like an unknown one.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ERROR_TEXTS } from '../errors';
import { IMAGE_BOARD_ERRORS as B, IMAGE_BOARD_LIMITS } from '../image-board-texts';
import { successReply, TimestampSchema } from './common';
import { GalleryImageParamsSchema } from './text-to-image';

const BoardNameSchema = z
  .string({ error: () => B.nameRequired })
  .trim()
  .min(1, { error: () => B.nameRequired, abort: true })
  .max(IMAGE_BOARD_LIMITS.nameMax, { error: () => B.nameTooLong });

/** `{ name }`: create or rename a board. */
export const BoardNameRequestSchema = z.object({ name: BoardNameSchema });
export type BoardNameRequest = z.infer<typeof BoardNameRequestSchema>;

/** `:id` of a board: any short text, so a malformed id is one more unknown board (404), never a 400. */
export const BoardParamsSchema = GalleryImageParamsSchema;
export const BoardImageParamsSchema = z.object({
  id: z.string().min(1).max(64),
  imageId: z.string().min(1).max(64),
});

/** `{ imageId }`: a text-to-image image or a photo-effect result of the member's. */
export const AddBoardImageRequestSchema = z.object({
  imageId: z
    .string({ error: () => B.imageIdRequired })
    .trim()
    .min(1, { error: () => B.imageIdRequired })
    .max(64, { error: () => ERROR_TEXTS.server.notFound }),
});
export type AddBoardImageRequest = z.infer<typeof AddBoardImageRequestSchema>;

export const ImageBoardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  imageCount: z.number().int().nonnegative(),
  /** Signed thumbnail URL of the image added last, null while the board is empty. */
  coverUrl: z.string().nullable(),
  /** The ids of the images on the board, newest addition first (the gallery marks an image's boards with them). */
  imageIds: z.array(z.uuid()),
  createdAt: TimestampSchema,
});
export type ImageBoard = z.infer<typeof ImageBoardSchema>;

export const ImageBoardReplySchema = successReply({ board: ImageBoardSchema });
export type ImageBoardReply = z.infer<typeof ImageBoardReplySchema>;

export const ImageBoardsReplySchema = successReply({ boards: z.array(ImageBoardSchema) });
export type ImageBoardsReply = z.infer<typeof ImageBoardsReplySchema>;

export const DeleteImageBoardReplySchema = successReply({});

export const IMAGE_BOARD_ENDPOINTS = {
  /** The member's boards, oldest first, with their image counts and covers. */
  boards: endpoint({
    method: 'GET',
    path: '/api/image/boards',
    access: 'member',
    reply: ImageBoardsReplySchema,
  }),
  createBoard: endpoint({
    method: 'POST',
    path: '/api/image/boards',
    access: 'member',
    request: BoardNameRequestSchema,
    reply: ImageBoardReplySchema,
  }),
  renameBoard: endpoint({
    method: 'PATCH',
    path: '/api/image/boards/:id',
    access: 'member',
    params: BoardParamsSchema,
    request: BoardNameRequestSchema,
    reply: ImageBoardReplySchema,
  }),
  /** Deletes the board only: its images stay in the gallery and on other boards. */
  deleteBoard: endpoint({
    method: 'DELETE',
    path: '/api/image/boards/:id',
    access: 'member',
    params: BoardParamsSchema,
    reply: DeleteImageBoardReplySchema,
  }),
  /** Adds an image (adding one already there changes nothing and answers the same). */
  addBoardImage: endpoint({
    method: 'POST',
    path: '/api/image/boards/:id/images',
    access: 'member',
    params: BoardParamsSchema,
    request: AddBoardImageRequestSchema,
    reply: ImageBoardReplySchema,
  }),
  removeBoardImage: endpoint({
    method: 'DELETE',
    path: '/api/image/boards/:id/images/:imageId',
    access: 'member',
    params: BoardImageParamsSchema,
    reply: ImageBoardReplySchema,
  }),
} as const;
