// The text box and actions the text-to-speech and sound-effects pages share (text-form.css): the text with its
// counter (and the near-limit warning where the tool has one), then Generate and Clear All, and any further buttons.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button, GenerateButton, TextArea, type RunButton, type ToolHost } from '@act/host-sdk';
import { CharCounter } from './char-counter';
import './text-form.css';

export interface VoiceTextAreaProps {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  rows: number;
  disabled: boolean;
  /** The counted length (trimmed text) and its limit. */
  length: number;
  max: number;
  warning?: string;
}

export function VoiceTextArea({ onChange, length, max, warning, ...field }: VoiceTextAreaProps) {
  return (
    <div className="act-stack vo-text">
      <TextArea {...field} onChange={(event) => onChange(event.target.value)} />
      <CharCounter length={length} max={max} warning={warning} />
    </div>
  );
}

export interface VoiceActionsProps {
  host: ToolHost;
  icon: LucideIcon;
  state: RunButton;
  busy: boolean;
  onGenerate(): void;
  clearLabel: string;
  /** Clear All stays off while running and when there is nothing to clear. */
  clearDisabled: boolean;
  onClear(): void;
  /** Buttons after Clear All (Copy). */
  children?: ReactNode;
}

export function VoiceActions({ host, icon, state, busy, onGenerate, ...clear }: VoiceActionsProps) {
  return (
    <div className="vo-actions">
      <GenerateButton host={host} icon={icon} state={state} busy={busy} onClick={onGenerate} />
      <Button variant="outline" size="lg" onClick={clear.onClear} disabled={clear.clearDisabled}>
        {clear.clearLabel}
      </Button>
      {clear.children}
    </div>
  );
}
