// The Library page's filters, kept in the address (`/library?kind=image&tool=cartoonify&q=cat`) so Back and a shared
// link show the same list: kind and tool apply at once; the search box waits until typing pauses (SEARCH_DELAY_MS)
// so a word typed letter by letter asks the server once.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CREATION_KINDS, isToolId, LIBRARY_LIMITS, type CreationKind, type ToolId } from '@act/contracts';

/** Ours: how long typing must pause before the search runs. */
export const SEARCH_DELAY_MS = 300;

export interface LibraryFilters {
  kind: CreationKind | undefined;
  tool: ToolId | undefined;
  /** The search the list was asked for (after the pause). */
  q: string | undefined;
  /** What the search box shows (as typed). */
  typed: string;
  setKind(kind: CreationKind | undefined): void;
  setTool(tool: ToolId | undefined): void;
  setTyped(text: string): void;
}

/** What the list asks the server for: the filters as the address holds them. */
export type LibraryQuery = Pick<LibraryFilters, 'kind' | 'tool' | 'q'>;

function isKind(value: string | null): value is CreationKind {
  return CREATION_KINDS.includes(value as CreationKind);
}

/** The list's query from the address's parameters (unknown kinds and tools are left out). */
export function libraryQueryOf(params: URLSearchParams): LibraryQuery {
  const kind = params.get('kind');
  const tool = params.get('tool');
  return {
    kind: isKind(kind) ? kind : undefined,
    tool: tool && isToolId(tool) ? tool : undefined,
    q: params.get('q')?.trim().slice(0, LIBRARY_LIMITS.queryChars) || undefined,
  };
}

export function useLibraryFilters(): LibraryFilters {
  const [params, setParams] = useSearchParams();
  const { kind, tool, q } = libraryQueryOf(params);
  const [typed, setTyped] = useState(q ?? '');

  function update(name: string, value: string | undefined) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  useEffect(() => {
    const wanted = typed.trim().slice(0, LIBRARY_LIMITS.queryChars) || undefined;
    if (wanted === q) return;
    const timer = setTimeout(() => update('q', wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `update` only wraps setParams; the search follows the typed text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, q]);

  return {
    kind,
    tool,
    q,
    typed,
    setKind: (kind) => update('kind', kind),
    setTool: (tool) => update('tool', tool),
    setTyped,
  };
}
