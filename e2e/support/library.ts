// The library's labels as the tests find them, built from the contracts' texts (never typed again here).
import { LIBRARY_TEXTS } from '@act/contracts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name of any item's "Send to" button, whatever its title (LIBRARY_TEXTS.sendToLabel). */
export function anySendToLabel(): RegExp {
  const [before = '', after = ''] = LIBRARY_TEXTS.sendToLabel('\u0000').split('\u0000');
  return new RegExp(`^${escape(before)}.*${escape(after)}$`);
}
