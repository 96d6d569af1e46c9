// Above a chat screen's session list (issue 38): the project picker that filters the list (new chats start in the
// project picked), New / Edit / Delete project, and the member's custom instructions. Deleting asks whether the
// project's chats go with it or stay outside it.
import { useState } from 'react';
import { FolderPlus, Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Alert, Button, Dialog, type ApiClient } from '@act/host-sdk';
import type { Projects } from '../hooks/use-projects';
import type { SessionList } from '../hooks/use-session-list';
import { InstructionsDialog } from './instructions-dialog';
import { ProjectDialog } from './project-dialog';
import './project-bar.css';

const T = UI_TEXTS.chatWorkspace;

export interface ProjectBarProps {
  api: ApiClient;
  projects: Projects;
  sessions: SessionList;
}

export function ProjectBar({ api, projects, sessions }: ProjectBarProps) {
  const [editing, setEditing] = useState<'new' | 'current' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [instructions, setInstructions] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = projects.items.find((project) => project.id === sessions.projectId) ?? null;

  const remove = async (deleteChats: boolean) => {
    if (!current) return;
    const failure = await projects.remove(current.id, deleteChats);
    setError(failure);
    setDeleting(false);
    if (!failure) sessions.setProjectId(null);
  };

  return (
    <div className="ch-projects">
      <label className="ch-projects__picker">
        <span>{T.projectLabel}</span>
        <select
          className="act-input"
          value={sessions.projectId ?? ''}
          onChange={(event) => sessions.setProjectId(event.target.value || null)}
        >
          <option value="">{T.allChats}</option>
          {projects.items.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </label>
      <div className="ch-projects__actions">
        <button
          type="button"
          className="act-icon-btn"
          aria-label={T.newProject}
          title={T.newProject}
          onClick={() => setEditing('new')}
        >
          <FolderPlus size={15} aria-hidden />
        </button>
        {current && (
          <>
            <button
              type="button"
              className="act-icon-btn"
              aria-label={T.editProject}
              title={T.editProject}
              onClick={() => setEditing('current')}
            >
              <Pencil size={15} aria-hidden />
            </button>
            <button
              type="button"
              className="act-icon-btn"
              aria-label={T.deleteProject}
              title={T.deleteProject}
              onClick={() => setDeleting(true)}
            >
              <Trash2 size={15} aria-hidden />
            </button>
          </>
        )}
        <button
          type="button"
          className="act-icon-btn"
          aria-label={T.customInstructions}
          title={T.customInstructions}
          onClick={() => setInstructions(true)}
        >
          <SlidersHorizontal size={15} aria-hidden />
        </button>
      </div>
      {(error ?? projects.error) && <Alert variant="error">{error ?? projects.error}</Alert>}
      <ProjectDialog
        open={editing !== null}
        project={editing === 'current' ? current : null}
        onSave={(draft) => projects.save(draft, editing === 'current' ? current?.id : undefined)}
        onClose={() => setEditing(null)}
      />
      <Dialog
        open={deleting}
        onOpenChange={setDeleting}
        title={T.deleteProject}
        description={T.deleteProjectQuestion}
      >
        <div className="ch-workspace-form">
          <Button variant="outline" onClick={() => void remove(false)}>
            {T.keepChats}
          </Button>
          <Button variant="danger" onClick={() => void remove(true)}>
            {T.deleteChats}
          </Button>
        </div>
      </Dialog>
      <InstructionsDialog api={api} open={instructions} onClose={() => setInstructions(false)} />
    </div>
  );
}
