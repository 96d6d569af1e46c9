// Date formatting shared by the member screens ('Member since', credit resets, usage history).

/** 'January 5, 2025'. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'Jan 5, 2025, 3:04 PM'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The next monthly reset after `lastResetIso`: same day next month in UTC, clamped to the month's last day. */
export function nextMonthlyReset(lastResetIso: string): string {
  const last = new Date(lastResetIso);
  if (Number.isNaN(last.getTime())) return '';
  const year = last.getUTCFullYear();
  const month = last.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(last);
  next.setUTCFullYear(year, month, Math.min(last.getUTCDate(), lastDay));
  return next.toISOString();
}
