// Spanish PALETTE_TEXTS, PALETTE_PAGES, SHORTCUTS and OFFLINE_TEXTS (docs/architecture.md#languages). Ids, paths and
// keys stay.
import type { Catalogue } from '../catalogue';
import {
  ACCOUNT_PATH,
  LIBRARY_PATH,
  PLANS_PATH,
  type OFFLINE_TEXTS,
  type PALETTE_PAGES,
  type PALETTE_TEXTS,
  type SHORTCUTS,
} from '../english';

export const ES_PALETTE_PAGES: Catalogue<typeof PALETTE_PAGES> = [
  { id: 'dashboard', name: 'Panel', path: '/dashboard' },
  { id: 'library', name: 'Biblioteca', path: LIBRARY_PATH },
  { id: 'account', name: 'Cuenta', path: ACCOUNT_PATH },
  { id: 'plans', name: 'Planes', path: PLANS_PATH },
];

export const ES_SHORTCUTS: Catalogue<typeof SHORTCUTS> = [
  { id: 'palette', keys: 'Ctrl+K / ⌘K', action: 'Abrir la paleta de comandos' },
  {
    id: 'run',
    keys: 'Ctrl+Enter / ⌘Enter',
    action: 'Ejecutar la herramienta actual (también mientras escribes en su campo)',
  },
  { id: 'help', keys: '?', action: 'Mostrar los atajos de teclado' },
  { id: 'close', keys: 'Esc', action: 'Cerrar la paleta o esta lista' },
];

export const ES_PALETTE_TEXTS: Catalogue<typeof PALETTE_TEXTS> = {
  title: 'Paleta de comandos',
  inputLabel: 'Ir a una herramienta o página',
  placeholder: 'Escribe el nombre de una herramienta o página…',
  listLabel: 'Herramientas y páginas',
  noMatches: 'No hay coincidencias.',
  hint: 'Flechas para moverte, Enter para abrir, Esc para cerrar.',
  pageGroup: 'Página',
  toolGroup: 'Herramienta',
  shortcutsTitle: 'Atajos de teclado',
  shortcutsKeys: 'Teclas',
  shortcutsAction: 'Acción',
};

export const ES_OFFLINE_TEXTS: Catalogue<typeof OFFLINE_TEXTS> = {
  pageTitle: 'Sin conexión | AI Creative Toolbox',
  title: 'Estás sin conexión',
  body: 'AI Creative Toolbox necesita conexión para cargar esta página. Tu trabajo está guardado en nuestros servidores; no se pierde nada.',
  retry: 'Reintentar',
};
