// The open chat session in the page's address, `/tools/<tool>?session=<id>` (docs/product-rules.md#resume): written
// as sessions open and close (replacing the entry, so Back still leaves the tool), read once when the page loads.
// The library's `openUrl` names it as `?open=<id>` (docs/product-rules.md#library-open): read the same way, then
// replaced by `?session=` once the page writes the address, so the address has one way to name a session.
import { OPEN_PARAM } from '@act/contracts';

const PARAM = 'session';

/** The session the address names (`?session=`, else the library's `?open=`), or null. */
export function sessionInAddress(): string | null {
  const query = new URLSearchParams(window.location.search);
  const id = query.get(PARAM) ?? query.get(OPEN_PARAM);
  return id && id.length <= 64 ? id : null;
}

/** Shows `id` in the address (or no session for null), keeping the router's own history state. */
export function showSessionInAddress(id: string | null): void {
  const url = new URL(window.location.href);
  if ((url.searchParams.get(PARAM) ?? null) === id && !url.searchParams.has(OPEN_PARAM)) return;
  url.searchParams.delete(OPEN_PARAM);
  if (id) url.searchParams.set(PARAM, id);
  else url.searchParams.delete(PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
