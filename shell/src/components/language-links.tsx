// The footer's language switcher (docs/product-rules.md#languages): plain links to `?lang=<id>`, which lang-boot.js
// remembers before the page renders again in that language. A full load, so no text anywhere stays in the old one.
import { PUBLIC_DATA } from '../app/public-data';

export function LanguageLinks() {
  return (
    <nav aria-label={PUBLIC_DATA.languageLabel} className="sh-footer__col">
      <h2 className="sh-footer__heading">{PUBLIC_DATA.languageLabel}</h2>
      {PUBLIC_DATA.languages.map(({ id, name }) => (
        <a
          key={id}
          href={`?lang=${id}`}
          hrefLang={id}
          lang={id}
          aria-current={id === PUBLIC_DATA.locale ? 'true' : undefined}
        >
          {name}
        </a>
      ))}
    </nav>
  );
}
