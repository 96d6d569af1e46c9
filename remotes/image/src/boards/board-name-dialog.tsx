// The dialog that names a board, new or renamed: one field (its limit checked here in the server's words, so a
// too-long or empty name is said beside the field before any call), then Create or Save. It closes once the board is
// saved; a refusal from the server (a name already used, too many boards) is said by a toast and the dialog stays.
import { useState, type FormEvent, type ReactNode } from 'react';
import { ERROR_TEXTS, IMAGE_BOARD_LIMITS, UI_TEXTS } from '@act/contracts';
import { Button, Dialog, TextField } from '@act/host-sdk';

const T = UI_TEXTS.imageBoards;
const B = ERROR_TEXTS.imageBoards;

export interface BoardNameDialogProps {
  title: string;
  submitLabel: string;
  /** The name to start from (a rename). */
  initialName?: string;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  /** Saves the name; true when saved (the dialog then closes). */
  onSubmit(name: string): Promise<boolean>;
}

function problemOf(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return B.nameRequired;
  if (trimmed.length > IMAGE_BOARD_LIMITS.nameMax) return B.nameTooLong;
  return null;
}

export function BoardNameDialog({
  title,
  submitLabel,
  initialName = '',
  trigger,
  onSubmit,
}: BoardNameDialogProps) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setName(initialName);
      setError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const saved = await onSubmit(name.trim());
    setBusy(false);
    if (saved) setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={title}>
      <form className="act-stack" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={T.boardNameLabel}
          value={name}
          maxLength={IMAGE_BOARD_LIMITS.nameMax + 20}
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="act-dialog__actions">
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
