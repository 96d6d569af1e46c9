// Account page, Language (docs/product-rules.md#languages): English / Español. The choice is remembered on this
// device (the key lang-boot.js reads) and saved on the account, whose e-mails then use it; the page then loads again
// so every text, the remotes' included, is in the new language.
import { useState } from 'react';
import { Alert, SegmentedControl } from '@act/host-sdk';
import {
  IDENTITY_ENDPOINTS,
  LANGUAGE_TEXTS,
  LOCALE_NAMES,
  LOCALE_STORAGE_KEY,
  LOCALES,
  activeLocale,
  type Locale,
} from '@act/contracts';
import { useServices } from '../../app/services-context';
import './appearance-section.css';

const OPTIONS = LOCALES.map((value) => ({ value, label: <span lang={value}>{LOCALE_NAMES[value]}</span> }));

/** Remembers the choice on this device and loads the page again in it. */
export function rememberLanguage(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage refused: the account's saved language still reaches the e-mails.
  }
  window.location.reload();
}

export function LanguageSection() {
  const { api } = useServices();
  const [failed, setFailed] = useState(false);

  async function choose(locale: Locale) {
    if (locale === activeLocale()) return;
    try {
      await api.call(IDENTITY_ENDPOINTS.updateLocale, {
        body: { locale },
        fallbackError: LANGUAGE_TEXTS.saveFailed,
      });
    } catch {
      // Nothing switches, so the page and the account's e-mails never disagree; the member is told and may retry.
      setFailed(true);
      return;
    }
    rememberLanguage(locale);
  }

  return (
    <section className="sh-appearance act-panel" aria-labelledby="language-title">
      <h2 id="language-title" className="sh-appearance__title">
        {LANGUAGE_TEXTS.accountTitle}
      </h2>
      <p className="sh-appearance__hint">{LANGUAGE_TEXTS.accountHint}</p>
      <SegmentedControl
        label={LANGUAGE_TEXTS.label}
        value={activeLocale()}
        onValueChange={(locale) => void choose(locale)}
        options={OPTIONS}
      />
      {failed ? <Alert variant="error">{LANGUAGE_TEXTS.saveFailed}</Alert> : null}
    </section>
  );
}
