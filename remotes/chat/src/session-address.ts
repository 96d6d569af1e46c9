// The open chat session in the page's address, `/tools/<tool>?session=<id>` (docs/product-rules.md#resume): written
// as sessions open and close (replacing the entry, so Back still leaves the tool), read once when the page loads.
const PARAM = 'session';

/** The session the address names, or null. */
export function sessionInAddress(): string | null {
  const id = new URLSearchParams(window.location.search).get(PARAM);
  return id && id.length <= 64 ? id : null;
}

/** Shows `id` in the address (or no session for null), keeping the router's own history state. */
export function showSessionInAddress(id: string | null): void {
  const url = new URL(window.location.href);
  if ((url.searchParams.get(PARAM) ?? null) === id) return;
  if (id) url.searchParams.set(PARAM, id);
  else url.searchParams.delete(PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
