// The left column of a chat screen: New button, server-side search (titles and message text), and the member's
// sessions (10, then 10 more once scrolled within 50 px of the bottom), each with its model (chat agent) or site (web
// chat), rename and delete; loading, empty, no-match and error states.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { MessageSquarePlus, Pencil, Search, Share2, Trash2 } from 'lucide-react';
import {
  CHAT_SEARCH_MAX,
  CHAT_TITLE_MAX,
  LIMITS,
  UI_TEXTS,
  getChatModel,
  type ChatSession,
} from '@act/contracts';
import { Alert, Button, ConfirmDialog, Spinner, type ApiClient } from '@act/host-sdk';
import type { SessionList } from '../hooks/use-session-list';
import type { ChatScreen } from '../chat-screens';
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

function formatUpdated(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** What a session is about besides its title: the chat agent's model, or the web chat's site. */
function sessionMeta(session: ChatSession): string | null {
  if (session.model_id) return getChatModel(session.model_id)?.name ?? session.model_id;
  if (session.url) {
    try {
      return new URL(session.url).hostname;
    } catch {
      return session.url;
    }
  }
  return null;
}

function RenameForm({
  session,
  onSave,
  onCancel,
}: {
  session: ChatSession;
  onSave(title: string): Promise<void>;
  onCancel(): void;
}) {
  const [title, setTitle] = useState(session.title);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = title.trim();
    if (!next || next === session.title) return onCancel();
    setBusy(true);
    await onSave(next);
    setBusy(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <form className="ch-session__rename" onSubmit={(event) => void submit(event)}>
      <input
        className="act-input ch-session__rename-input"
        aria-label={T.renameLabel}
        value={title}
        maxLength={CHAT_TITLE_MAX}
        // The field appears because the user chose Rename: typing goes straight into it.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        disabled={busy}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="submit" size="sm" busy={busy}>
        {T.save}
      </Button>
    </form>
  );
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

  const confirmDelete = async () => {
    if (!confirming) return;
    setDeleting(true);
    const id = confirming;
    const ok = await sessions.remove(id);
    setDeleting(false);
    setConfirming(null);
    if (ok) onDeleted(id);
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
          <li
            key={session.id}
            className="ch-session"
            data-active={session.id === activeId || undefined}
            data-testid="chat-session"
          >
            {renaming === session.id ? (
              <RenameForm
                session={session}
                onCancel={() => setRenaming(null)}
                onSave={async (title) => {
                  if (await sessions.rename(session.id, title)) setRenaming(null);
                }}
              />
            ) : (
              <>
                <button
                  type="button"
                  className="ch-session__open"
                  aria-current={session.id === activeId ? 'true' : undefined}
                  disabled={disabled}
                  onClick={() => onSelect(session)}
                >
                  <span className="ch-session__title">{session.title}</span>
                  {sessionMeta(session) && (
                    <span className="ch-session__meta" data-testid="chat-session-meta">
                      {sessionMeta(session)}
                    </span>
                  )}
                  <span className="ch-session__date">{formatUpdated(session.updated_at)}</span>
                </button>
                <span className="ch-session__actions">
                  {api && (
                    <button
                      type="button"
                      className="act-icon-btn"
                      aria-label={UI_TEXTS.share.shareLabel(session.title)}
                      title={UI_TEXTS.share.share}
                      onClick={() => setSharing(session)}
                    >
                      <Share2 size={15} aria-hidden />
                    </button>
                  )}
                  <button
                    type="button"
                    className="act-icon-btn"
                    aria-label={`${T.rename}: ${session.title}`}
                    title={T.rename}
                    onClick={() => setRenaming(session.id)}
                  >
                    <Pencil size={15} aria-hidden />
                  </button>
                  <button
                    type="button"
                    className="act-icon-btn ch-session__delete"
                    aria-label={`${T.deleteSession}: ${session.title}`}
                    title={T.deleteSession}
                    disabled={disabled && session.id === activeId}
                    onClick={() => setConfirming(session.id)}
                  >
                    <Trash2 size={15} aria-hidden />
                  </button>
                </span>
              </>
            )}
          </li>
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
    </aside>
  );
}
