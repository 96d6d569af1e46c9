// The member's boards as one piece of state shared by a gallery's boards bar and its images' board menus: read when
// the gallery opens, and replaced board by board from each call's reply, so counts and covers stay true without a
// reload. A failed call says so in a toast and changes nothing on screen.
import { useCallback, useEffect, useState } from 'react';
import { ERROR_TEXTS, type ImageBoard } from '@act/contracts';
import { errorMessage, toast, type ApiClient } from '@act/host-sdk';
import * as boardsApi from './boards-api';

const B = ERROR_TEXTS.imageBoards;

export interface Boards {
  boards: ImageBoard[];
  loaded: boolean;
  /** Reads the boards if they were not read yet. */
  load(): void;
  /** Each resolves to the changed board (undefined after a refusal, which a toast has said). */
  create(name: string): Promise<ImageBoard | undefined>;
  rename(id: string, name: string): Promise<ImageBoard | undefined>;
  remove(id: string): Promise<boolean>;
  /** Puts `imageId` on the board or takes it off. */
  setImage(id: string, imageId: string, on: boolean): Promise<ImageBoard | undefined>;
}

async function attempt<T>(work: () => Promise<T>, fallback: string): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    toast({ title: errorMessage(err, fallback), variant: 'error' });
    return undefined;
  }
}

/**
 * `eager`: read the boards at once (the gallery, whose bar shows them); otherwise on the first `load()` (the hub,
 * when a result's board menu opens), so a page that never asks costs no call.
 */
export function useBoards(api: ApiClient, eager = true): Boards {
  const [boards, setBoards] = useState<ImageBoard[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [wanted, setWanted] = useState(eager);

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    boardsApi
      .fetchBoards(api, controller.signal)
      .then((list) => {
        setBoards(list);
        setLoaded(true);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded(true);
        toast({ title: errorMessage(err, B.loadBoards), variant: 'error' });
      });
    return () => controller.abort();
  }, [api, wanted]);

  const replace = useCallback((board: ImageBoard | undefined) => {
    if (board) setBoards((list) => list.map((b) => (b.id === board.id ? board : b)));
    return board;
  }, []);

  return {
    boards,
    loaded,
    load: () => setWanted(true),
    async create(name) {
      const board = await attempt(() => boardsApi.createBoard(api, name), B.saveBoard);
      if (board) setBoards((list) => [...list, board]);
      return board;
    },
    rename: async (id, name) =>
      replace(await attempt(() => boardsApi.renameBoard(api, id, name), B.saveBoard)),
    async remove(id) {
      const done = await attempt(() => boardsApi.deleteBoard(api, id).then(() => true), B.deleteBoard);
      if (done) setBoards((list) => list.filter((b) => b.id !== id));
      return done === true;
    },
    setImage: async (id, imageId, on) =>
      replace(
        await attempt(
          () => (on ? boardsApi.addToBoard(api, id, imageId) : boardsApi.removeFromBoard(api, id, imageId)),
          B.updateBoardImages,
        ),
      ),
  };
}
