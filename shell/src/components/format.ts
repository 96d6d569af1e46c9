// Date formatting shared by the member screens ('Member since', credit resets, usage history), in the page's
// language through contracts' one formatter (docs/architecture.md#languages).
import { formatDateTime as formatDateTimeForLocale, formatLongDate } from '@act/contracts';

/** 'January 5, 2025' / '5 de enero de 2025'. */
export function formatDate(iso: string): string {
  return formatLongDate(iso);
}

/** 'Jan 5, 2025, 3:04 PM' / '5 ene 2025, 15:04'. */
export function formatDateTime(iso: string): string {
  return formatDateTimeForLocale(iso);
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
