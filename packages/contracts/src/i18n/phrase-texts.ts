// The English words of ui-texts.ts's helper functions (formatCost, withCost, ...), kept as a texts object so they
// switch language with the rest (docs/architecture.md#languages). `amount` arrives already formatted for the reader.
export const PHRASE_TEXTS = {
  free: 'Free',
  credits: (count: number, amount: string) => (count === 1 ? '1 credit' : `${amount} credits`),
  saveDollarsPerYear: (amount: string) => `Save $${amount} per year`,
  deleteSessionConfirm: (label: string) =>
    `Are you sure you want to delete this ${label ? `${label} ` : ''}session? This action cannot be undone.`,
  scheduledPlanChange: (planName: string, date: string) => `Your plan changes to ${planName} on ${date}.`,
  withCost: (label: string, cost: string) => `${label} (${cost})`,
  runTool: (toolName: string) => `Run ${toolName}`,
  processingTool: (toolName: string) => `Processing ${toolName}`,
};
