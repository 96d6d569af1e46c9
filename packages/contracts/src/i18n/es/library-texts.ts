// Spanish LIBRARY_TEXTS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { LIBRARY_TEXTS } from '../english';
import { formatNumber } from '../format';

export const ES_LIBRARY_TEXTS: Catalogue<typeof LIBRARY_TEXTS> = {
  title: 'Biblioteca',
  navLink: 'Biblioteca',
  dashboardLink: 'Mira todo lo que has creado en tu Biblioteca',
  intro: 'Todo lo que has creado, en un solo lugar. Vuelve a abrirlo o envíalo a la siguiente herramienta.',
  kindFilter: 'Tipo',
  toolFilter: 'Herramienta',
  allKinds: 'Todos los tipos',
  allTools: 'Todas las herramientas',
  searchLabel: 'Buscar en tu biblioteca',
  searchPlaceholder: 'Busca por una palabra del título o del texto',
  kinds: {
    image: 'Imágenes',
    audio: 'Audio',
    chat: 'Chats',
    report: 'Informes',
    summary: 'Resúmenes',
    prompt: 'Prompts',
  },
  loading: 'Cargando tu biblioteca...',
  loadingMore: 'Cargando más...',
  loadFailed: 'No se pudo cargar tu biblioteca',
  retry: 'Reintentar',
  empty: 'Aún no hay nada. Lo que crees con las herramientas aparecerá aquí.',
  emptyFiltered: 'Nada coincide con estos filtros.',
  open: 'Abrir',
  delete: 'Eliminar',
  deleteTitle: '¿Eliminar este elemento?',
  deleteDescription:
    'El resultado también se elimina de su herramienta, con sus archivos. Esta acción no se puede deshacer.',
  deleted: 'Eliminado.',
  deleteFailed: 'No se pudo eliminar el elemento',
  sendTo: 'Enviar a',
  sendToLabel: (title: string) => `Enviar «${title}» a otra herramienta`,
  itemCount: (count: number) =>
    count === 1 ? '1 elemento mostrado' : `${formatNumber(count)} elementos mostrados`,
  fromLoading: 'Cargando tu elemento...',
  fromMissing: 'No se encontró este elemento en tu biblioteca. Puede que se haya eliminado.',
  fromTrimmed: (limit: number) =>
    `El texto era más largo de lo que admite esta herramienta, así que solo se rellenaron sus primeros ${formatNumber(limit)} caracteres.`,
  fromFilled: (title: string) => `Rellenado desde tu biblioteca: ${title}`,
  openMissing: 'No se encontró este resultado. Puede que se haya eliminado.',
  chatContext: (title: string, text: string) => `Contexto (${title}):\n${text}\n\n`,
};
