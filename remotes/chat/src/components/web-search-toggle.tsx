// The chat agent's web-search switch with its extra cost ('+5 credits'). A model without web search keeps the switch
// visible but off, saying why (tooltip, description, and the refusal line when pressed).
import { useId } from 'react';
import { Globe } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import './web-search-toggle.css';

const T = UI_TEXTS.chat;

export interface WebSearchToggleProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Extra credits web search adds. */
  extra: number;
  /** Why web search cannot be used with the chosen model; absent when it can. */
  refusal?: string;
  onRefuse(reason: string): void;
  disabled?: boolean;
}

export function WebSearchToggle({
  checked,
  onChange,
  extra,
  refusal,
  onRefuse,
  disabled,
}: WebSearchToggleProps) {
  const reasonId = useId();
  return (
    <>
      <label
        className="ch-toggle"
        title={refusal}
        data-checked={checked || undefined}
        data-unavailable={refusal ? true : undefined}
      >
        <input
          type="checkbox"
          role="switch"
          className="ch-toggle__input"
          checked={checked && !refusal}
          disabled={disabled}
          aria-disabled={refusal ? true : undefined}
          aria-describedby={refusal ? reasonId : undefined}
          onChange={(event) => (refusal ? onRefuse(refusal) : onChange(event.target.checked))}
        />
        <span className="ch-toggle__track" aria-hidden />
        <Globe size={15} aria-hidden />
        <span>{T.webSearch}</span>
        <span className="ch-toggle__cost">{T.webSearchCost(extra)}</span>
      </label>
      {refusal && (
        <span id={reasonId} className="act-sr-only">
          {refusal}
        </span>
      )}
    </>
  );
}
