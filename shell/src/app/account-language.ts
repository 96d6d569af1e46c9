// A device with no language choice of its own adopts the one saved on the member's account
// (docs/product-rules.md#languages): signing in on a new phone brings the member's language with them. A device
// that chose (footer, account page, `?lang=`) keeps its choice.
import type { AuthState } from '@act/host-sdk';
import { LOCALE_STORAGE_KEY, activeLocale, type Locale } from '@act/contracts';

function storedChoice(): string | null {
  try {
    return globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Watches the session; `reload` (a page load in the adopted language) runs at most once. */
export function adoptAccountLanguage(
  auth: { getState(): Pick<AuthState, 'user'>; subscribe(listener: () => void): () => void },
  reload: () => void,
): void {
  let done = false;
  const check = () => {
    const locale: Locale | undefined = auth.getState().user?.locale;
    if (done || !locale || storedChoice() !== null) return;
    done = true;
    try {
      globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      return;
    }
    if (locale !== activeLocale()) reload();
  };
  auth.subscribe(check);
  check();
}
