// The prompt library's words and limits (docs/product-rules.md#prompt-library), apart from the schemas like the other
// screen catalogues.

/** Ours: how long a prompt's title and body may be, and how many prompts a member may keep. */
export const CHAT_PROMPT_LIMITS = {
  titleMax: 100,
  bodyMax: 4000,
  promptsPerMember: 200,
} as const;

/** The server's refusals, in plain words (another member's prompt answers the kit's own 404). */
export const CHAT_PROMPT_ERRORS = {
  titleRequired: 'Please enter a title for the prompt',
  titleTooLong: `A prompt's title can be at most ${CHAT_PROMPT_LIMITS.titleMax} characters`,
  bodyRequired: 'Please enter the text of the prompt',
  bodyTooLong: `A prompt can be at most ${CHAT_PROMPT_LIMITS.bodyMax.toLocaleString('en-US')} characters`,
  tooManyPrompts: `You can keep up to ${CHAT_PROMPT_LIMITS.promptsPerMember} prompts. Delete a prompt to save a new one.`,
  loadPrompts: 'Failed to load your prompts',
  savePrompt: 'Failed to save the prompt',
  deletePrompt: 'Failed to delete the prompt',
} as const;

/** The `/` menu of the message box, "Save as prompt" and the prompts dialog. */
export const CHAT_PROMPT_TEXTS = {
  menuLabel: 'Saved prompts',
  noMatch: 'No saved prompt matches. Save one from a sent message with Save as prompt.',
  slashHint: 'Type / for your saved prompts',
  saveAsPrompt: 'Save as prompt',
  saveTitle: 'Save as prompt',
  titleLabel: 'Title',
  bodyLabel: 'Prompt',
  bodyHint: 'Write {{name}} where you want to fill something in: it is selected when the prompt is inserted.',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Prompt saved',
  manage: 'My prompts',
  manageTitle: 'My prompts',
  empty: 'No saved prompts yet. Save one from a sent message with Save as prompt.',
  edit: (title: string) => `Edit ${title}`,
  remove: (title: string) => `Delete ${title}`,
  editShort: 'Edit',
  removeShort: 'Delete',
  deleted: 'Prompt deleted',
  close: 'Close',
} as const;
