// Spanish PHRASE_TEXTS (docs/architecture.md#languages).
import type { Catalogue } from '../catalogue';
import type { PHRASE_TEXTS } from '../phrase-texts';

export const ES_PHRASE_TEXTS: Catalogue<typeof PHRASE_TEXTS> = {
  free: 'Gratis',
  credits: (count: number, amount: string) => (count === 1 ? '1 crédito' : `${amount} créditos`),
  saveDollarsPerYear: (amount: string) => `Ahorra ${amount} $ al año`,
  deleteSessionConfirm: (label: string) =>
    `¿Seguro que quieres eliminar esta sesión${label ? ` de ${label}` : ''}? Esta acción no se puede deshacer.`,
  scheduledPlanChange: (planName: string, date: string) => `Tu plan cambia a ${planName} el ${date}.`,
  withCost: (label: string, cost: string) => `${label} (${cost})`,
  runTool: (toolName: string) => `Aplicar ${toolName}`,
  processingTool: (toolName: string) => `Procesando ${toolName}`,
};
