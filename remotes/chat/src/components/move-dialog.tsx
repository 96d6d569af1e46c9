// Moves a chat into one of the member's projects, or out of any (issue 38).
import { useEffect, useState, type FormEvent } from 'react';
import { UI_TEXTS, type ChatProject, type ChatSession } from '@act/contracts';
import { Button, Dialog } from '@act/host-sdk';

const T = UI_TEXTS.chatWorkspace;

export interface MoveDialogProps {
  session: ChatSession | null;
  projects: readonly ChatProject[];
  onMove(session: ChatSession, projectId: string | null): Promise<boolean>;
  onClose(): void;
}

export function MoveDialog({ session, projects, onMove, onClose }: MoveDialogProps) {
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setTarget(session?.project_id ?? ''), [session]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    setBusy(true);
    const moved = await onMove(session, target || null);
    setBusy(false);
    if (moved) onClose();
  };

  return (
    <Dialog open={session !== null} onOpenChange={(next) => !next && !busy && onClose()} title={T.moveTitle}>
      <form className="ch-workspace-form" onSubmit={(event) => void submit(event)}>
        <label className="ch-projects__picker">
          <span>{T.projectLabel}</span>
          <select className="act-input" value={target} onChange={(event) => setTarget(event.target.value)}>
            <option value="">{T.noProject}</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" busy={busy}>
          {T.save}
        </Button>
      </form>
    </Dialog>
  );
}
