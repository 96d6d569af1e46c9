// The left column of a chat screen: New button, server-side search (titles and message text), and the member's
// sessions (10, then 10 more once scrolled within 50 px of the bottom), each with its model (chat agent) or site (web
// chat), rename and delete; loading, empty, no-match and error states.
import { useState } from 'react';
import { MessageSquarePlus, Search } from 'lucide-react';
import { CHAT_SEARCH_MAX, LIMITS, UI_TEXTS, type ChatSession } from '@act/contracts';
import { Alert, Button, ConfirmDialog, Spinner, type ApiClient } from '@act/host-sdk';
import type { SessionList } from '../hooks/use-session-list';
import { useProjects } from '../hooks/use-projects';
import type { ChatScreen } from '../hooks/chat-screen';
import { MoveDialog } from './move-dialog';
import { ProjectBar } from './project-bar';
import { SessionItem } from './session-item';
import { ShareDialog } from './share-dialog';
import './session-sidebar.css';

const T = UI_TEXTS.chat;

export interface SessionSidebarProps {
  screen: ChatScreen;
  sessions: SessionList;
  activeId: string | null;
  onSelect(session: ChatSession): void;
  onNew(): void;
  /** Called after the server deleted a session (the page leaves it if it was open). */
  onDeleted(id: string): void;
  /** New and selecting are locked while a reply streams on this screen. */
  disabled?: boolean;
  /** With the API client, each session offers Share (a read-only link to a snapshot of it). */
  api?: ApiClient;
}

export function SessionSidebar({
  screen,
  sessions,
  activeId,
  onSelect,
  onNew,
  onDeleted,
  disabled,
  api,
}: SessionSidebarProps) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [sharing, setSharing] = useState<ChatSession | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Issue 38: projects, pins and moving a chat (with the API client only, like Share).
  const projects = useProjects(api);
  const [moving, setMoving] = useState<ChatSession | null>(null);

  const confirmDelete = async () => {
    if (!confirming) return;
    setDeleting(true);
    const id = confirming;
    const ok = await sessions.remove(id);
    setDeleting(false);
    setConfirming(null);
    if (ok) onDeleted(id);
  };

  const renameSession = async (id: string, title: string) => {
    if (await sessions.rename(id, title)) setRenaming(null);
  };

  const searching = sessions.activeSearch !== '';
  let body;
  if (sessions.loading) {
    body = (
      <div className="ch-sessions__state">
        <Spinner size={20} showLabel />
      </div>
    );
  } else if (sessions.error && sessions.items.length === 0) {
    body = (
      <Alert
        variant="error"
        action={
          <Button size="sm" variant="outline" onClick={sessions.reload}>
            {UI_TEXTS.common.tryAgain}
          </Button>
        }
      >
        {sessions.error}
      </Alert>
    );
  } else if (sessions.items.length === 0) {
    body = <p className="ch-sessions__state">{searching ? T.noSearchMatches : T.noSessions}</p>;
  } else {
    body = (
      <ul className="ch-sessions__list">
        {sessions.items.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            active={session.id === activeId}
            disabled={disabled}
            renaming={renaming === session.id}
            onStartRename={() => setRenaming(session.id)}
            onRename={(title) => renameSession(session.id, title)}
            onCancelRename={() => setRenaming(null)}
            onSelect={() => onSelect(session)}
            onShare={api ? () => setSharing(session) : undefined}
            onTogglePin={
              api ? () => void sessions.update(session.id, { pinned: !session.pinned }) : undefined
            }
            onMove={api ? () => setMoving(session) : undefined}
            onDelete={() => setConfirming(session.id)}
          />
        ))}
        {sessions.loadingMore && (
          <li className="ch-sessions__state">
            <Spinner size={16} label={T.loadingMore} showLabel />
          </li>
        )}
        {sessions.error && sessions.items.length > 0 && (
          <li>
            <Alert variant="error">{sessions.error}</Alert>
          </li>
        )}
      </ul>
    );
  }

  return (
    <aside className="ch-sidebar act-panel" aria-label={T.sessions}>
      <Button variant="gradient" block onClick={onNew} disabled={disabled}>
        <MessageSquarePlus size={16} aria-hidden />
        {screen.texts.newSession}
      </Button>
      <label className="ch-search">
        <Search size={15} aria-hidden className="ch-search__icon" />
        <span className="act-sr-only">{T.searchLabel}</span>
        <input
          type="search"
          className="act-input ch-search__input"
          placeholder={T.searchPlaceholder}
          maxLength={CHAT_SEARCH_MAX}
          value={sessions.search}
          onChange={(event) => sessions.setSearch(event.target.value)}
        />
      </label>
      {api && <ProjectBar api={api} projects={projects} sessions={sessions} />}
      <h2 className="ch-sidebar__title">{T.sessions}</h2>
      {sessions.actionError && <Alert variant="error">{sessions.actionError}</Alert>}
      <div
        className="ch-sessions"
        data-testid="chat-session-scroller"
        onScroll={sessions.onScrollNearBottom(LIMITS.sessionScrollTriggerPx)}
      >
        {body}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setConfirming(null);
        }}
        title={T.deleteSession}
        description={screen.texts.confirmDelete}
        confirmLabel={UI_TEXTS.common.delete}
        destructive
        busy={deleting}
        onConfirm={confirmDelete}
      />
      {api && <ShareDialog api={api} session={sharing} onClose={() => setSharing(null)} />}
      <MoveDialog
        session={moving}
        projects={projects.items}
        onMove={(session, projectId) => sessions.update(session.id, { projectId })}
        onClose={() => setMoving(null)}
      />
    </aside>
  );
}
