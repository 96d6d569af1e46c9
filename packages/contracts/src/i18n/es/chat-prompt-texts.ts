// Spanish CHAT_PROMPT_TEXTS and CHAT_PROMPT_ERRORS (docs/architecture.md#languages). {{name}} is the prompt's
// placeholder syntax, kept.
import type { Catalogue } from '../catalogue';
import { CHAT_PROMPT_LIMITS, type CHAT_PROMPT_ERRORS, type CHAT_PROMPT_TEXTS } from '../english';

export const ES_CHAT_PROMPT_ERRORS: Catalogue<typeof CHAT_PROMPT_ERRORS> = {
  titleRequired: 'Escribe un título para el prompt',
  titleTooLong: `El título de un prompt puede tener como máximo ${CHAT_PROMPT_LIMITS.titleMax} caracteres`,
  bodyRequired: 'Escribe el texto del prompt',
  bodyTooLong: `Un prompt puede tener como máximo ${CHAT_PROMPT_LIMITS.bodyMax} caracteres`,
  tooManyPrompts: `Puedes tener hasta ${CHAT_PROMPT_LIMITS.promptsPerMember} prompts. Elimina uno para guardar otro nuevo.`,
  loadPrompts: 'No se pudieron cargar tus prompts',
  savePrompt: 'No se pudo guardar el prompt',
  deletePrompt: 'No se pudo eliminar el prompt',
};

export const ES_CHAT_PROMPT_TEXTS: Catalogue<typeof CHAT_PROMPT_TEXTS> = {
  menuLabel: 'Prompts guardados',
  noMatch: 'Ningún prompt guardado coincide. Guarda uno desde un mensaje enviado con Guardar como prompt.',
  slashHint: 'Escribe / para ver tus prompts guardados',
  saveAsPrompt: 'Guardar como prompt',
  saveTitle: 'Guardar como prompt',
  titleLabel: 'Título',
  bodyLabel: 'Prompt',
  bodyHint: 'Escribe {{name}} donde quieras rellenar algo: queda seleccionado al insertar el prompt.',
  save: 'Guardar',
  cancel: 'Cancelar',
  saved: 'Prompt guardado',
  manage: 'Mis prompts',
  manageTitle: 'Mis prompts',
  empty: 'Aún no hay prompts guardados. Guarda uno desde un mensaje enviado con Guardar como prompt.',
  edit: (title: string) => `Editar ${title}`,
  remove: (title: string) => `Eliminar ${title}`,
  editShort: 'Editar',
  removeShort: 'Eliminar',
  deleted: 'Prompt eliminado',
  close: 'Cerrar',
};
