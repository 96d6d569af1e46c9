// The length of a text against its limit: 'n / max characters', a warning above 90%
// (docs/product-rules.md#validation) and the danger colour once over the limit (the run button then says 'Text Too
// Long' or 'Description Too Long').
import { LIMITS, UI_TEXTS } from '@act/contracts';
import './char-counter.css';

export type CounterLevel = 'ok' | 'warning' | 'over';

export function counterLevel(length: number, max: number): CounterLevel {
  if (length > max) return 'over';
  if (length > max * LIMITS.ttsWarnRatio) return 'warning';
  return 'ok';
}

export function CharCounter({ length, max, warning }: { length: number; max: number; warning?: string }) {
  const level = counterLevel(length, max);
  return (
    <p className={`vo-counter vo-counter--${level}`}>
      <span>{UI_TEXTS.textToSpeech.charCount(length, max)}</span>
      {level === 'warning' && warning && <span className="vo-counter__warning"> · {warning}</span>}
    </p>
  );
}
