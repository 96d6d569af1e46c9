// The one place numbers and dates are formatted for the reader (docs/architecture.md#languages): every credit amount,
// count and date on screen goes through these, in the active language ('1,500' / '1500', 'January 5, 2025' /
// '5 de enero de 2025').
import { intlLocale } from './locale';

/** 1500 → '1,500' in English, '1500' in Spanish (Spanish groups from 10 000). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale()).format(value);
}

function validDate(iso: string | Date): Date | null {
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'January 5, 2025' / '5 de enero de 2025'; '' for an invalid date. */
export function formatLongDate(iso: string | Date): string {
  const date = validDate(iso);
  return date
    ? date.toLocaleDateString(intlLocale(), { year: 'numeric', month: 'long', day: 'numeric' })
    : '';
}

/** 'Jan 5, 2025, 3:04 PM' / '5 ene 2025, 15:04'. */
export function formatDateTime(iso: string | Date): string {
  const date = validDate(iso);
  if (!date) return '';
  return date.toLocaleString(intlLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** 'Jan 5' / '5 ene'. */
export function formatShortDate(iso: string | Date): string {
  const date = validDate(iso);
  return date ? date.toLocaleDateString(intlLocale(), { month: 'short', day: 'numeric' }) : '';
}
