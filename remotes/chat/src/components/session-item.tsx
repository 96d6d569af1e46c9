// One session in a chat screen's list: its title, what it is about (the chat agent's model, the web chat's site) and
// when it was last used, opening it; then Share, Rename (the title edited in place) and Delete.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { FolderInput, Pencil, Pin, PinOff, Share2, Trash2 } from 'lucide-react';
import { CHAT_TITLE_MAX, UI_TEXTS, formatShortDate, getChatModel, type ChatSession } from '@act/contracts';
import { Button } from '@act/host-sdk';

const T = UI_TEXTS.chat;
const W = UI_TEXTS.chatWorkspace;

/** 'Jan 5' / '5 ene', in the page's language. */
function formatUpdated(timestamp: string): string {
  return formatShortDate(timestamp);
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

export interface SessionItemProps {
  session: ChatSession;
  /** The open session. */
  active: boolean;
  /** Opening is locked (and deleting the open session) while a reply streams on this screen. */
  disabled?: boolean;
  /** Its title is being edited. */
  renaming: boolean;
  /** Rename was chosen: the title becomes a field. */
  onStartRename(): void;
  /** Saves the edited title (the list stops editing once the server took it). */
  onRename(title: string): Promise<void>;
  onCancelRename(): void;
  onSelect(): void;
  /** Present when the session can be shared. */
  onShare?(): void;
  /** Issue 38: pin or unpin it (a pinned chat stays at the top), and move it into or out of a project. */
  onTogglePin?(): void;
  onMove?(): void;
  onDelete(): void;
}

export function SessionItem(props: SessionItemProps) {
  const { session, active, disabled, renaming, onStartRename, onRename, onCancelRename } = props;
  const meta = sessionMeta(session);
  return (
    <li className="ch-session" data-active={active || undefined} data-testid="chat-session">
      {renaming ? (
        <RenameForm session={session} onCancel={onCancelRename} onSave={onRename} />
      ) : (
        <>
          <button
            type="button"
            className="ch-session__open"
            aria-current={active ? 'true' : undefined}
            disabled={disabled}
            onClick={props.onSelect}
          >
            <span className="ch-session__title">
              {session.pinned && <Pin size={12} aria-label={W.pinned} className="ch-session__pin" />}
              {session.title}
            </span>
            {meta && (
              <span className="ch-session__meta" data-testid="chat-session-meta">
                {meta}
              </span>
            )}
            <span className="ch-session__date">{formatUpdated(session.updated_at)}</span>
          </button>
          <span className="ch-session__actions">
            {props.onTogglePin && (
              <button
                type="button"
                className="act-icon-btn"
                aria-label={session.pinned ? W.unpin(session.title) : W.pin(session.title)}
                aria-pressed={session.pinned ?? false}
                onClick={props.onTogglePin}
              >
                {session.pinned ? <PinOff size={15} aria-hidden /> : <Pin size={15} aria-hidden />}
              </button>
            )}
            {props.onMove && (
              <button
                type="button"
                className="act-icon-btn"
                aria-label={W.move(session.title)}
                title={W.moveTitle}
                onClick={props.onMove}
              >
                <FolderInput size={15} aria-hidden />
              </button>
            )}
            {props.onShare && (
              <button
                type="button"
                className="act-icon-btn"
                aria-label={UI_TEXTS.share.shareLabel(session.title)}
                title={UI_TEXTS.share.share}
                onClick={props.onShare}
              >
                <Share2 size={15} aria-hidden />
              </button>
            )}
            <button
              type="button"
              className="act-icon-btn"
              aria-label={`${T.rename}: ${session.title}`}
              title={T.rename}
              onClick={onStartRename}
            >
              <Pencil size={15} aria-hidden />
            </button>
            <button
              type="button"
              className="act-icon-btn ch-session__delete"
              aria-label={`${T.deleteSession}: ${session.title}`}
              title={T.deleteSession}
              disabled={disabled && active}
              onClick={props.onDelete}
            >
              <Trash2 size={15} aria-hidden />
            </button>
          </span>
        </>
      )}
    </li>
  );
}
