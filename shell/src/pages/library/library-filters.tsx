// The Library page's filters: kind, tool (the tools catalogue) and the search box. Native selects: the whole list is
// reachable by keyboard and read by screen readers as it is, and the page stays light.
import { Search } from 'lucide-react';
import { useId } from 'react';
import {
  CREATION_KINDS,
  LIBRARY_LIMITS,
  LIBRARY_TEXTS,
  TOOLS,
  type CreationKind,
  type ToolId,
} from '@act/contracts';
import type { LibraryFilters as Filters } from './use-library-filters';

const T = LIBRARY_TEXTS;
/** The tools that have a page (the only ones whose results can be in a library). */
const TOOL_OPTIONS = TOOLS.filter((tool) => tool.hasPage);

export function LibraryFilters({ filters }: { filters: Filters }) {
  const id = useId();
  return (
    <div className="sh-library__filters" role="search">
      <div className="act-field">
        <label className="act-label" htmlFor={`${id}-kind`}>
          {T.kindFilter}
        </label>
        <select
          id={`${id}-kind`}
          className="act-input sh-library__select"
          value={filters.kind ?? ''}
          onChange={(event) => filters.setKind((event.target.value || undefined) as CreationKind | undefined)}
        >
          <option value="">{T.allKinds}</option>
          {CREATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {T.kinds[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="act-field">
        <label className="act-label" htmlFor={`${id}-tool`}>
          {T.toolFilter}
        </label>
        <select
          id={`${id}-tool`}
          className="act-input sh-library__select"
          value={filters.tool ?? ''}
          onChange={(event) => filters.setTool((event.target.value || undefined) as ToolId | undefined)}
        >
          <option value="">{T.allTools}</option>
          {TOOL_OPTIONS.map((tool) => (
            <option key={tool.id} value={tool.id}>
              {tool.name}
            </option>
          ))}
        </select>
      </div>
      <div className="act-field sh-library__search">
        <label className="act-label" htmlFor={`${id}-q`}>
          {T.searchLabel}
        </label>
        <div className="sh-library__search-box">
          <Search size={16} aria-hidden className="sh-library__search-icon" />
          <input
            id={`${id}-q`}
            type="search"
            className="act-input"
            placeholder={T.searchPlaceholder}
            maxLength={LIBRARY_LIMITS.queryChars}
            value={filters.typed}
            onChange={(event) => filters.setTyped(event.target.value)}
          />
        </div>
      </div>
    </div>
  );
}
