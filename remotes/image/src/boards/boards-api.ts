// Calls of image boards (docs/product-rules.md#image-boards) through the host's API client, typed by the contracts.
import {
  ERROR_TEXTS,
  IMAGE_BOARD_ENDPOINTS,
  IMAGE_ENDPOINTS,
  LIMITS,
  type GeneratedImage,
  type ImageBoard,
} from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';

const E = IMAGE_BOARD_ENDPOINTS;
const B = ERROR_TEXTS.imageBoards;

export async function fetchBoards(api: ApiClient, signal?: AbortSignal): Promise<ImageBoard[]> {
  const reply = await api.call(E.boards, { fallbackError: B.loadBoards, ...(signal ? { signal } : {}) });
  return reply.boards;
}

export async function createBoard(api: ApiClient, name: string): Promise<ImageBoard> {
  return (await api.call(E.createBoard, { body: { name }, fallbackError: B.saveBoard })).board;
}

export async function renameBoard(api: ApiClient, id: string, name: string): Promise<ImageBoard> {
  return (await api.call(E.renameBoard, { params: { id }, body: { name }, fallbackError: B.saveBoard }))
    .board;
}

export async function deleteBoard(api: ApiClient, id: string): Promise<void> {
  await api.call(E.deleteBoard, { params: { id }, fallbackError: B.deleteBoard });
}

export async function addToBoard(api: ApiClient, id: string, imageId: string): Promise<ImageBoard> {
  const reply = await api.call(E.addBoardImage, {
    params: { id },
    body: { imageId },
    fallbackError: B.updateBoardImages,
  });
  return reply.board;
}

export async function removeFromBoard(api: ApiClient, id: string, imageId: string): Promise<ImageBoard> {
  const reply = await api.call(E.removeBoardImage, {
    params: { id, imageId },
    fallbackError: B.updateBoardImages,
  });
  return reply.board;
}

/** The photo-effect results on a board, newest first (the largest page the hub list serves). */
export async function fetchBoardResults(
  api: ApiClient,
  board: string,
  signal: AbortSignal,
): Promise<GeneratedImage[]> {
  const reply = await api.call(IMAGE_ENDPOINTS.generatedImages, {
    query: { offset: 0, limit: LIMITS.galleryMaxPageSize, board },
    fallbackError: ERROR_TEXTS.network.fetchImages,
    signal,
  });
  return reply.images;
}
