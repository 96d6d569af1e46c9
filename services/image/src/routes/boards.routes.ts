// HTTP edges of image boards (docs/product-rules.md#image-boards), mounted from their contracts definitions: list,
// create (201), rename and delete a board, add an image to it and take one off. Every board and image id names one of
// the caller's own; anyone else's answers 404 like an unknown one.
import { IMAGE_BOARD_ENDPOINTS, type ImageBoard } from '@act/contracts';
import { MEMBER_DATA_CACHE, Router, mountEndpoint, type JwtVerifier } from '@act/service-kit';
import type { ObjectStore } from '@act/service-kit/files';
import type { BoardRecord, BoardStore } from '../db/board-store';

export interface BoardsRoutesDeps {
  verifier: JwtVerifier;
  boards: BoardStore;
  files: ObjectStore;
}

/** A board as the member sees it, its cover's URL signed for this reply. */
export function imageBoardOf(files: ObjectStore, record: BoardRecord): ImageBoard {
  return {
    id: record.id,
    name: record.name,
    imageCount: record.image_ids.length,
    coverUrl: record.cover_key ? files.signedUrl(record.cover_key) : null,
    imageIds: record.image_ids,
    createdAt: record.created_at.toISOString(),
  };
}

export function createBoardsRouter({ verifier, boards, files }: BoardsRoutesDeps): Router {
  const router = new Router();
  const E = IMAGE_BOARD_ENDPOINTS;
  const options = { verifier };
  const reply = (record: BoardRecord) => ({ board: imageBoardOf(files, record) });

  mountEndpoint(router, E.boards, options, async (_input, { caller, ctx }) => {
    ctx.set('cache-control', MEMBER_DATA_CACHE);
    return { boards: (await boards.list(caller.userId)).map((record) => imageBoardOf(files, record)) };
  });
  mountEndpoint(router, E.createBoard, options, async ({ name }, { caller, ctx }) => {
    const record = await boards.create(caller.userId, name);
    ctx.status = 201;
    return reply(record);
  });
  mountEndpoint(router, E.renameBoard, options, async ({ name }, { caller, params }) =>
    reply(await boards.rename(caller.userId, params.id, name)),
  );
  mountEndpoint(router, E.deleteBoard, options, async (_input, { caller, params }) => {
    await boards.delete(caller.userId, params.id);
    return {};
  });
  mountEndpoint(router, E.addBoardImage, options, async ({ imageId }, { caller, params }) =>
    reply(await boards.addImage(caller.userId, params.id, imageId)),
  );
  mountEndpoint(router, E.removeBoardImage, options, async (_input, { caller, params }) =>
    reply(await boards.removeImage(caller.userId, params.id, params.imageId)),
  );
  return router;
}
