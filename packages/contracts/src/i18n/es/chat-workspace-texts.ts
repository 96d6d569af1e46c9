// Spanish CHAT_WORKSPACE_TEXTS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { CHAT_WORKSPACE_TEXTS } from '../english';

export const ES_CHAT_WORKSPACE_TEXTS: Catalogue<typeof CHAT_WORKSPACE_TEXTS> = {
  projectLabel: 'Proyecto',
  allChats: 'Todos los chats',
  noProject: 'Sin proyecto',
  newProject: 'Nuevo proyecto',
  editProject: 'Editar proyecto',
  deleteProject: 'Eliminar proyecto',
  projectName: 'Nombre del proyecto',
  projectInstructions: 'Instrucciones del proyecto',
  projectInstructionsHint:
    'Se envían al modelo antes de cada mensaje de los chats de este proyecto (hasta 4000 caracteres).',
  save: 'Guardar',
  deleteProjectQuestion: '¿Qué hacemos con los chats de este proyecto?',
  keepChats: 'Conservar los chats (fuera de cualquier proyecto)',
  deleteChats: 'Eliminar también los chats',
  customInstructions: 'Instrucciones personalizadas',
  customInstructionsText: 'Tus instrucciones',
  customInstructionsHint:
    'Se envían al modelo en cada pantalla de chat después de las instrucciones del proyecto (hasta 4000 caracteres).',
  useInstructions: 'Usar mis instrucciones en todos los chats',
  accountInstructionsHint:
    'Lo que cada pantalla de chat le dice al modelo sobre ti y sobre cómo prefieres las respuestas: los cuatro modelos de Chat Playground, Chat Agent, Chat Reasoning, AI Web Chat y Deep Search.',
  saved: 'Guardado',
  pin: (title: string) => `Fijar: ${title}`,
  unpin: (title: string) => `Desfijar: ${title}`,
  pinned: 'Fijados',
  move: (title: string) => `Mover a un proyecto: ${title}`,
  moveTitle: 'Mover a un proyecto',
  instructionsInUse: 'Instrucciones en uso',
  fromProject: 'Proyecto',
  fromMember: 'Tuyas',
  loadFailed: 'No se pudieron cargar tus proyectos',
  saveFailed: 'No se pudo guardar. Inténtalo de nuevo.',
};
