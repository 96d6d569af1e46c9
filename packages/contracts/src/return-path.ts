// Where a member goes to change plan and how they come back (docs/product-rules.md#screens): the plans are the
// account's Subscription tab, and `return` carries the tool page to come back to. Only a same-site path is ever
// followed back, so the parameter can never send a member to another site (no open redirect).

/** The account view, opened inside the dashboard (the headers' Account). */
export const ACCOUNT_PATH = '/dashboard?view=account';

/** The account view's Subscription tab, where plans are bought or changed. */
export const PLANS_PATH = `${ACCOUNT_PATH}&tab=subscription`;

/** The query parameter that carries the path to return to after a plan change. */
export const RETURN_PARAM = 'return';

/**
 * The path itself when it is a same-site absolute path (`/tools/x`, with an optional query), otherwise null:
 * `//host`, `/\host`, schemes, backslashes and control characters are refused, since browsers read them as
 * another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 512) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some(isControl)) return null;
  return value;
}

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** The plans page, carrying where to come back to when that is a safe same-site path. */
export function plansPath(returnTo?: string | null): string {
  const back = safeReturnPath(returnTo);
  return back ? `${PLANS_PATH}&${RETURN_PARAM}=${encodeURIComponent(back)}` : PLANS_PATH;
}
