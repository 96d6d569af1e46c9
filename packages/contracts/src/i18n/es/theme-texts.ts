// Spanish THEME_TEXTS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { THEME_TEXTS } from '../english';

export const ES_THEME_TEXTS: Catalogue<typeof THEME_TEXTS> = {
  label: 'Tema',
  accountTitle: 'Apariencia',
  accountHint: 'Sistema sigue el modo claro u oscuro de tu dispositivo.',
  choices: { light: 'Claro', dark: 'Oscuro', system: 'Sistema' },
};
