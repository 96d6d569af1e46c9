// The theme choice as a compact select for headers and as a labelled switch for the account page; both read and
// write the one stored choice (theme.ts).
import { Monitor, Moon, Sun } from 'lucide-react';
import { THEME_CHOICES, THEME_TEXTS, type ThemeChoice } from '@act/contracts';
import { setThemeChoice, useThemeChoice } from '../theme';
import { SegmentedControl } from './segmented-control';
import { Select } from './select';

const ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<ThemeChoice, typeof Sun>;

function choiceLabel(choice: ThemeChoice) {
  const Icon = ICONS[choice];
  return (
    <span className="act-theme-choice">
      <Icon size={16} aria-hidden />
      {THEME_TEXTS.choices[choice]}
    </span>
  );
}

const OPTIONS = THEME_CHOICES.map((value) => ({ value, label: choiceLabel(value) }));

/** The header's theme select: its label read by screen readers, the choice's icon and word shown. */
export function ThemeSelect({ className }: { className?: string }) {
  const choice = useThemeChoice();
  return (
    <Select
      label={THEME_TEXTS.label}
      hideLabel
      value={choice}
      onValueChange={setThemeChoice}
      options={OPTIONS}
      className={['act-theme-select', className].filter(Boolean).join(' ')}
    />
  );
}

/** The account page's Light / Dark / System switch. */
export function ThemeSwitch() {
  const choice = useThemeChoice();
  return (
    <SegmentedControl
      label={THEME_TEXTS.label}
      value={choice}
      onValueChange={setThemeChoice}
      options={OPTIONS}
      className="act-theme-switch"
    />
  );
}
