// An image's boards (docs/product-rules.md#image-boards): a button on the image's card opening a dialog with one
// checkbox per board, ticked where the image is; ticking adds it, unticking takes it off, each at once.
import { useState } from 'react';
import { Bookmark } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { announce, Button, Dialog, Spinner } from '@act/host-sdk';
import type { Boards } from './use-boards';

const T = UI_TEXTS.imageBoards;

export interface BoardMenuProps {
  boards: Boards;
  imageId: string;
  /** The image's prompt or name, naming the button and the dialog. */
  label: string;
  /** After an image was put on or taken off a board (a gallery showing that board reloads). */
  onChanged?(boardId: string): void;
  /** The trigger's look: the gallery card's round icon, or the hub card's outlined button. */
  look?: 'icon' | 'button';
}

export function BoardMenu({ boards, imageId, label, onChanged, look = 'icon' }: BoardMenuProps) {
  // The box shows the member's choice at once, and goes back if the call is refused. It is never disabled while the
  // call runs (a disabled box would drop the keyboard focus); a second change meanwhile is ignored.
  const [pending, setPending] = useState<{ id: string; on: boolean } | null>(null);
  const onCount = boards.boards.filter((b) => b.imageIds.includes(imageId)).length;
  const icon = <Bookmark size={16} aria-hidden fill={onCount > 0 ? 'currentColor' : 'none'} />;

  const toggle = async (boardId: string, name: string, on: boolean) => {
    if (pending) return;
    setPending({ id: boardId, on });
    const board = await boards.setImage(boardId, imageId, on);
    setPending(null);
    if (!board) return;
    announce(on ? T.addedTo(name) : T.removedFrom(name));
    onChanged?.(boardId);
  };

  return (
    <Dialog
      title={T.boardsOf(label)}
      onOpenChange={(open) => open && boards.load()}
      trigger={
        look === 'icon' ? (
          <button type="button" className="img-card__boards" aria-label={T.boardsOf(label)}>
            {icon}
          </button>
        ) : (
          <Button variant="outline" size="sm" aria-label={T.boardsOf(label)}>
            {icon}
            {T.boardsTitle}
          </Button>
        )
      }
    >
      {!boards.loaded ? (
        <Spinner />
      ) : boards.boards.length === 0 ? (
        <p className="img-boards__empty">{T.noBoardsYet}</p>
      ) : (
        <fieldset className="img-boards__menu">
          <legend className="act-sr-only">{T.boardsMenuTitle}</legend>
          {boards.boards.map((board) => {
            const on = board.imageIds.includes(imageId);
            const shown = pending?.id === board.id ? pending.on : on;
            return (
              <label key={board.id} className="img-boards__choice">
                <input
                  type="checkbox"
                  checked={shown}
                  aria-busy={pending?.id === board.id || undefined}
                  onChange={() => void toggle(board.id, board.name, !on)}
                />
                <span>{T.boardOption(board.name, board.imageCount)}</span>
              </label>
            );
          })}
        </fieldset>
      )}
    </Dialog>
  );
}
