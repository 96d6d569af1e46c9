// A stateful stand-in for the image service's board routes (docs/product-rules.md#image-boards) on host-sdk's routed
// test host (exact paths: each board's routes are added when it is made): boards made, renamed, deleted and filled
// by the page's calls are what the next list shows.
import type { ImageBoard } from '@act/contracts';
import { json, type FakeHandler } from '@act/host-sdk/testing';

const PATH = '/api/image/boards';

export function routeFakeBoards(test: { on(route: string, handler: FakeHandler): void }) {
  const boards = new Map<string, ImageBoard>();
  let next = 1;
  const save = (board: ImageBoard) => {
    boards.set(board.id, board);
    return json({ success: true, board });
  };
  const setImages = (id: string, imageIds: string[]) =>
    save({ ...boards.get(id)!, imageIds, imageCount: imageIds.length });

  function routeBoard(id: string) {
    test.on(`PATCH ${PATH}/${id}`, ({ body }) =>
      save({ ...boards.get(id)!, name: (body as { name: string }).name }),
    );
    test.on(`DELETE ${PATH}/${id}`, () => {
      boards.delete(id);
      return json({ success: true });
    });
    test.on(`POST ${PATH}/${id}/images`, ({ body }) => {
      const { imageId } = body as { imageId: string };
      test.on(`DELETE ${PATH}/${id}/images/${imageId}`, () =>
        setImages(
          id,
          boards.get(id)!.imageIds.filter((other) => other !== imageId),
        ),
      );
      return setImages(id, [imageId, ...boards.get(id)!.imageIds.filter((other) => other !== imageId)]);
    });
  }

  test.on(`GET ${PATH}`, () => json({ success: true, boards: [...boards.values()] }));
  test.on(`POST ${PATH}`, ({ body }) => {
    const id = `10000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;
    routeBoard(id);
    const reply = save({
      id,
      name: (body as { name: string }).name,
      imageCount: 0,
      coverUrl: null,
      imageIds: [],
      createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    });
    return new Response(reply.body, { status: 201, headers: reply.headers });
  });
  return { boards: () => [...boards.values()] };
}
