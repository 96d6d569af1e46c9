// Creates or edits a chat project (issue 38): its name and the instructions sent before every message of its chats.
// The server's words are shown when it refuses (a missing or long name, long instructions).
import { useEffect, useState, type FormEvent } from 'react';
import { CHAT_WORKSPACE_LIMITS, UI_TEXTS, type ChatProject } from '@act/contracts';
import { Alert, Button, Dialog, TextArea, TextField } from '@act/host-sdk';
import type { ProjectDraft } from '../hooks/use-projects';

const T = UI_TEXTS.chatWorkspace;

export interface ProjectDialogProps {
  open: boolean;
  /** The project edited; a new one when null. */
  project: ChatProject | null;
  onSave(draft: ProjectDraft): Promise<string | null>;
  onClose(): void;
}

export function ProjectDialog({ open, project, onSave, onClose }: ProjectDialogProps) {
  const [name, setName] = useState('');
  const [instructions, setInstructions] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(project?.name ?? '');
    setInstructions(project?.instructions ?? '');
    setError(null);
  }, [open, project]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const failure = await onSave({ name, instructions });
    setBusy(false);
    if (failure) setError(failure);
    else onClose();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && onClose()}
      title={project ? T.editProject : T.newProject}
    >
      <form className="ch-workspace-form" onSubmit={(event) => void submit(event)}>
        <TextField
          label={T.projectName}
          value={name}
          maxLength={CHAT_WORKSPACE_LIMITS.projectName}
          required
          onChange={(event) => setName(event.target.value)}
        />
        <TextArea
          label={T.projectInstructions}
          hint={T.projectInstructionsHint}
          value={instructions}
          rows={6}
          maxLength={CHAT_WORKSPACE_LIMITS.instructions}
          onChange={(event) => setInstructions(event.target.value)}
        />
        {error && <Alert variant="error">{error}</Alert>}
        <Button type="submit" busy={busy}>
          {T.save}
        </Button>
      </form>
    </Dialog>
  );
}
