// Spanish PROMPT_RESULTS_TEXTS and PAST_SUMMARIES_TEXTS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { PAST_SUMMARIES_TEXTS, PROMPT_RESULTS_TEXTS } from '../english';

export const ES_PROMPT_RESULTS_TEXTS: Catalogue<typeof PROMPT_RESULTS_TEXTS> = {
  title: 'Resultados recientes',
  empty: 'Tus resultados aparecerán aquí.',
  shown: 5,
  open: 'Abrir',
  openLabel: (input: string) => `Abrir el resultado de «${input}»`,
  copyLabel: (input: string) => `Copiar el resultado de «${input}»`,
  deleteLabel: (input: string) => `Eliminar el resultado de «${input}»`,
  confirmTitle: '¿Eliminar este resultado?',
  confirmText: (input: string) => `El resultado de «${input}» se eliminará definitivamente.`,
  loadMore: 'Cargar más',
  loadFailed: 'No se pudieron cargar tus resultados recientes',
  openFailed: 'No se encontró este resultado',
  deleteFailed: 'No se pudo eliminar el resultado',
  opened: (createdAt: string) => `Resultado del ${createdAt}`,
};

export const ES_PAST_SUMMARIES_TEXTS: Catalogue<typeof PAST_SUMMARIES_TEXTS> = {
  title: 'Resúmenes anteriores',
  empty: 'Tus resúmenes aparecerán aquí.',
  open: 'Abrir',
  openLabel: (title: string) => `Abrir el resumen de «${title}»`,
  copyLabel: (title: string) => `Copiar el resumen de «${title}»`,
  deleteLabel: (title: string) => `Eliminar el resumen de «${title}»`,
  confirmTitle: '¿Eliminar este resumen?',
  confirmText: (title: string) => `El resumen de «${title}» y sus preguntas se eliminarán definitivamente.`,
  loadMore: 'Cargar más',
  loadFailed: 'No se pudieron cargar tus resúmenes anteriores',
  reopenFailed: 'No se encontró este resumen',
  deleteFailed: 'No se pudo eliminar el resumen',
};
