// The command palette (docs/product-rules.md#keyboard-shortcuts): Ctrl/Cmd+K opens a dialog whose search field is an
// ARIA combobox over a listbox of every tool and the member pages, fuzzy-matched as one types. Arrows move the
// active option (focus stays in the field, aria-activedescendant names the option), Enter or a click opens it, Esc
// closes. Every tool is listed: one without a page opens its coming-soon notice, as its dashboard card does.
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { PALETTE_PAGES, PALETTE_TEXTS, TOOLS, toolPath } from '@act/contracts';
import { Dialog, fuzzyFilter } from '@act/host-sdk';
import './command-palette.css';

export interface PaletteEntry {
  id: string;
  name: string;
  path: string;
  group: string;
}

/** Pages first (they are few and what one reaches for most), then the tools in catalogue order. */
export const PALETTE_ENTRIES: readonly PaletteEntry[] = [
  ...PALETTE_PAGES.map((page) => ({ ...page, group: PALETTE_TEXTS.pageGroup })),
  ...TOOLS.map((tool) => ({
    id: tool.id,
    name: tool.name,
    path: toolPath(tool.id),
    group: PALETTE_TEXTS.toolGroup,
  })),
];

export function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={PALETTE_TEXTS.title}>
      {/* Mounted only while open, so every opening starts from an empty field and the first option. */}
      {open && <PaletteSearch onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PaletteSearch({ onDone }: { onDone(): void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const matches = fuzzyFilter(PALETTE_ENTRIES, query);
  const current = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  function openEntry(entry: PaletteEntry | undefined) {
    if (!entry) return;
    onDone();
    navigate(entry.path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: matches.length - 1,
    };
    if (event.key in moves && matches.length > 0) {
      event.preventDefault();
      setActive((moves[event.key]! + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openEntry(matches[current]);
    }
  }

  return (
    <div className="sh-palette">
      {/* The palette is a search: its field, not the dialog's Close button, takes the focus on opening (radix
          leaves focus that is already inside the dialog where it is). */}
      <input
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a search dialog's field is where the keys go.
        autoFocus
        className="act-input"
        role="combobox"
        aria-label={PALETTE_TEXTS.inputLabel}
        aria-expanded={matches.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-describedby={`${id}-hint`}
        placeholder={PALETTE_TEXTS.placeholder}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="sh-palette__hint">
        {PALETTE_TEXTS.hint}
      </p>
      <ul id={`${id}-list`} role="listbox" aria-label={PALETTE_TEXTS.listLabel} className="sh-palette__list">
        {matches.map((entry, index) => (
          // The field keeps focus and handles the keys; a pointer click is the option's only own input.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={entry.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className="sh-palette__option"
            onClick={() => openEntry(entry)}
            onMouseMove={() => setActive(index)}
          >
            <span className="sh-palette__name">{entry.name}</span>
            <span className="sh-palette__group">{entry.group}</span>
          </li>
        ))}
      </ul>
      {matches.length === 0 && (
        <p className="sh-palette__empty" role="status">
          {PALETTE_TEXTS.noMatches}
        </p>
      )}
    </div>
  );
}
