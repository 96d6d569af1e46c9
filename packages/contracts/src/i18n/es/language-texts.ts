// Spanish LANGUAGE_TEXTS and LANGUAGE_ERRORS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { LANGUAGE_ERRORS, LANGUAGE_TEXTS } from '../language-texts';
import { LOCALES } from '../locale';

export const ES_LANGUAGE_TEXTS: Catalogue<typeof LANGUAGE_TEXTS> = {
  label: 'Idioma',
  accountTitle: 'Idioma',
  accountHint: 'Todas las pantallas y los correos que te enviamos usan este idioma.',
  saveFailed: 'No se pudo guardar tu idioma en tu cuenta; sigue aplicándose en este dispositivo.',
};

export const ES_LANGUAGE_ERRORS: Catalogue<typeof LANGUAGE_ERRORS> = {
  invalidLocale: `Elige uno de los idiomas: ${LOCALES.join(', ')}`,
};
