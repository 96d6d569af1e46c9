// The theme choice's words (docs/product-rules.md#themes): in the member header, the landing header and the account
// page.
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_TEXTS = {
  label: 'Theme',
  accountTitle: 'Appearance',
  accountHint: 'System follows your device’s light or dark setting.',
  choices: { light: 'Light', dark: 'Dark', system: 'System' } satisfies Record<ThemeChoice, string>,
} as const;
