// Edit and branch (docs/architecture.md#chat-replies): the version navigation "‹ 2/3 ›" of a message with more than
// one version (an edited question, a regenerated answer), and a member's message that can be edited in place (a
// textarea with Save & send, which says what it costs, and Cancel; Escape cancels). Every control is a button or a
// field: keyboard-operable with the product's visible focus.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BookmarkPlus, ChevronLeft, ChevronRight, Pencil } from 'lucide-react';
import { CHAT_PROMPT_TEXTS, UI_TEXTS, type ChatMessageVersions } from '@act/contracts';
import { Button, TextArea } from '@act/host-sdk';
import { usePromptLibrary } from '../hooks/prompt-library-context';
import './branch-controls.css';

const T = UI_TEXTS.chat;

export interface VersionNavProps {
  versions: ChatMessageVersions | undefined;
  /** Shows the version with this id; absent while versions cannot be flipped (a reply streaming). */
  onShow?: (messageId: string) => void;
}

/** "‹ 2/3 ›" for a message with more than one version; nothing otherwise. */
export function VersionNav({ versions, onShow }: VersionNavProps) {
  if (!versions || versions.count < 2) return null;
  const { previous, next } = versions;
  return (
    <span className="ch-versions" role="group" aria-label={T.versionsLabel} data-testid="chat-versions">
      <Button
        size="sm"
        variant="ghost"
        aria-label={T.previousVersion}
        disabled={!onShow || !previous}
        onClick={() => previous && onShow?.(previous)}
      >
        <ChevronLeft size={14} aria-hidden />
      </Button>
      <span className="ch-versions__position">{T.versionOf(versions.index, versions.count)}</span>
      <Button
        size="sm"
        variant="ghost"
        aria-label={T.nextVersion}
        disabled={!onShow || !next}
        onClick={() => next && onShow?.(next)}
      >
        <ChevronRight size={14} aria-hidden />
      </Button>
    </span>
  );
}

export interface EditableQuestionProps {
  prompt: string;
  /** What the bubble shows (the prompt, or the web chat's page). */
  children: ReactNode;
  versions?: ChatMessageVersions;
  onShowVersion?: (messageId: string) => void;
  /** Present while the message may be edited: sends the edited text (resolves false when refused). */
  onEdit?: (prompt: string) => Promise<boolean> | void;
  /** What the edited message costs, shown on Save & send before it is sent. */
  cost: number;
}

/** A member's message with Edit (inline, Save & send / Cancel) and its versions. */
export function EditableQuestion({
  prompt,
  children,
  versions,
  onShowVersion,
  onEdit,
  cost,
}: EditableQuestionProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(prompt);
  const editButton = useRef<HTMLButtonElement>(null);
  const library = usePromptLibrary();
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (editing) area.current?.focus();
  }, [editing]);

  const cancel = () => {
    setEditing(false);
    setText(prompt);
    // Focus goes back where it was (docs/architecture.md#keyboard-and-focus).
    requestAnimationFrame(() => editButton.current?.focus());
  };
  const save = () => {
    const edited = text.trim();
    if (!edited || !onEdit) return;
    setEditing(false);
    void onEdit(edited);
  };

  if (editing && onEdit) {
    return (
      <form
        className="ch-edit"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextArea
          ref={area}
          label={T.editLabel}
          value={text}
          rows={3}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              cancel();
            }
          }}
        />
        <span className="ch-edit__actions">
          <Button type="submit" size="sm" disabled={text.trim() === ''}>
            {T.saveAndSend(cost)}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={cancel}>
            {T.cancelEdit}
          </Button>
        </span>
      </form>
    );
  }
  return (
    <>
      {children}
      {(onEdit || library || (versions && versions.count > 1)) && (
        <span className="ch-user-actions">
          <VersionNav versions={versions} onShow={onShowVersion} />
          {library && (
            <Button size="sm" variant="ghost" onClick={() => library.saveFrom(prompt)}>
              <BookmarkPlus size={14} aria-hidden />
              {CHAT_PROMPT_TEXTS.saveAsPrompt}
            </Button>
          )}
          {onEdit && (
            <Button
              ref={editButton}
              size="sm"
              variant="ghost"
              onClick={() => {
                setText(prompt);
                setEditing(true);
              }}
            >
              <Pencil size={14} aria-hidden />
              {T.edit}
            </Button>
          )}
        </span>
      )}
    </>
  );
}
