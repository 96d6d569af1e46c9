// Texts of the prompt screens that the spec does not word and UI_TEXTS does not (yet) hold: placeholders of the
// result panes and field hints. Everything the spec words comes from UI_TEXTS and ERROR_TEXTS in contracts.
export const PROMPT_TEXTS = {
  magicEnhanceResultPlaceholder: 'Your enhanced prompt will appear here.',
  describeResultPlaceholder: 'Your image description will appear here.',
  videoResultPlaceholder: 'Your video prompt will appear here.',
  actionRequiredHint: 'Required: what should happen in the video.',
} as const;
