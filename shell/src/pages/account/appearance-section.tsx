// Account page, Appearance: the theme choice (docs/product-rules.md#themes), the same stored choice as the headers'.
import { ThemeSwitch } from '@act/host-sdk';
import { THEME_TEXTS } from '@act/contracts';
import './appearance-section.css';

export function AppearanceSection() {
  return (
    <section className="sh-appearance act-panel" aria-labelledby="appearance-title">
      <h2 id="appearance-title" className="sh-appearance__title">
        {THEME_TEXTS.accountTitle}
      </h2>
      <p className="sh-appearance__hint">{THEME_TEXTS.accountHint}</p>
      <ThemeSwitch />
    </section>
  );
}
