// Spanish DEEP_SEARCH_TEXTS (docs/architecture.md#languages). "Deep Search" stays: it is the tool's product name.
import type { Catalogue } from '../catalogue';
import { formatCost, type DEEP_SEARCH_TEXTS } from '../english';

export const ES_DEEP_SEARCH_TEXTS: Catalogue<typeof DEEP_SEARCH_TEXTS> = {
  unavailableSearch: 'Deep Search no está disponible: no hay ningún proveedor de búsqueda configurado.',
  unavailableLlm: 'Deep Search no está disponible: no hay ninguna clave de proveedor de IA configurada.',
  failed: 'Deep Search no pudo escribir un informe. No se te ha cobrado nada.',
  noSources: 'Deep Search no pudo leer ninguna página para esta pregunta. No se te ha cobrado nada.',
  insufficientCredits: 'Necesitas 4 créditos para hacer una Deep Search.',
  sourcesRead: 'Fuentes leídas',
  questionLabel: 'Tu pregunta de investigación',
  questionPlaceholder: 'Haz una pregunta para investigar en la web…',
  research: (cost: number) => `Investigar (${formatCost(cost)})`,
  stop: 'Detener',
  stopped: 'Detenido. No se te ha cobrado nada.',
  newResearch: 'Nueva investigación',
  followUpLabel: 'Haz una pregunta de seguimiento sobre este informe',
  followUpPlaceholder: 'Haz una pregunta de seguimiento… (vuelve a buscar y lee este informe y sus fuentes)',
  followUp: (cost: number) => `Preguntar (${formatCost(cost)})`,
  history: 'Informes anteriores',
  empty:
    'Haz una pregunta: Deep Search planifica búsquedas, lee las mejores páginas y escribe un informe con citas.',
  copy: 'Copiar informe',
  copied: '¡Copiado!',
  download: 'Descargar como Markdown',
  stepsLabel: 'Pasos de la investigación',
  reportLabel: 'Informe',
  stillWriting: 'Este informe aún se está escribiendo…',
  loadSessions: 'No se pudieron cargar los informes anteriores',
  loadReport: 'No se pudo cargar el informe',
  deleteSession: 'No se pudo eliminar el informe',
  renameSession: 'No se pudo cambiar el nombre del informe',
  steps: {
    planning: 'Planificando la investigación',
    searching: 'Buscando',
    reading: 'Leyendo',
    writing: 'Escribiendo el informe',
  },
};
