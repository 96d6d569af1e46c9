// The gallery's boards bar (docs/product-rules.md#image-boards): which board the gallery shows (All images, or one
// board with its image count), New board, and for the board shown Rename and Delete (confirmed; its images stay).
import { useState } from 'react';
import { FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button, ConfirmDialog, Select, toast } from '@act/host-sdk';
import { BoardNameDialog } from './board-name-dialog';
import type { Boards } from './use-boards';
import './boards.css';

const T = UI_TEXTS.imageBoards;
const C = UI_TEXTS.common;
const ALL = 'all';

export interface BoardBarProps {
  boards: Boards;
  /** The board shown, null for all images. */
  selected: string | null;
  onSelect(id: string | null): void;
}

export function BoardBar({ boards, selected, onSelect }: BoardBarProps) {
  const board = boards.boards.find((b) => b.id === selected) ?? null;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const options = [
    { value: ALL, label: T.allImages },
    ...boards.boards.map((b) => ({ value: b.id, label: T.boardOption(b.name, b.imageCount) })),
  ];

  const confirmDelete = async () => {
    if (!board) return;
    setDeleting(true);
    const done = await boards.remove(board.id);
    setDeleting(false);
    setConfirming(false);
    if (done) {
      onSelect(null);
      toast({ title: T.boardDeleted, variant: 'success' });
    }
  };

  return (
    <div className="img-boards" role="group" aria-label={T.boardsTitle}>
      <Select<string>
        label={T.boardFilterLabel}
        value={board ? board.id : ALL}
        onValueChange={(value) => onSelect(value === ALL ? null : value)}
        options={options}
        className="img-boards__filter"
      />
      <div className="img-boards__actions">
        <BoardNameDialog
          title={T.createBoardTitle}
          submitLabel={T.create}
          trigger={
            <Button variant="outline" size="sm">
              <FolderPlus size={16} aria-hidden />
              {T.newBoard}
            </Button>
          }
          onSubmit={async (name) => {
            const created = await boards.create(name);
            if (created) toast({ title: T.boardCreated, variant: 'success' });
            return created !== undefined;
          }}
        />
        {board && (
          <>
            <BoardNameDialog
              key={board.id}
              title={T.renameBoardTitle}
              submitLabel={T.save}
              initialName={board.name}
              trigger={
                <Button variant="outline" size="sm">
                  <Pencil size={16} aria-hidden />
                  {T.renameBoard}
                </Button>
              }
              onSubmit={async (name) => (await boards.rename(board.id, name)) !== undefined}
            />
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <Trash2 size={16} aria-hidden />
              {T.deleteBoard}
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open && !deleting) setConfirming(false);
        }}
        title={T.deleteBoardTitle}
        description={board ? T.deleteBoardConfirm(board.name) : ''}
        confirmLabel={C.delete}
        destructive
        busy={deleting}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
