// The gallery's compare selection (docs/product-rules.md#image-boards): how many of the two images are chosen, Compare
// once there are two, and Clear selection. The choosing is a checkbox on each image's card (CompareToggle).
import { Columns2 } from 'lucide-react';
import { UI_TEXTS } from '@act/contracts';
import { Button } from '@act/host-sdk';

const T = UI_TEXTS.imageBoards;

export interface CompareBarProps {
  count: number;
  onCompare(): void;
  onClear(): void;
}

export function CompareBar({ count, onCompare, onClear }: CompareBarProps) {
  return (
    <div className="img-compare-bar" role="group" aria-label={T.compare}>
      <span className="img-compare-bar__count">{count === 0 ? T.compareHint : T.compareSelected(count)}</span>
      <Button size="sm" aria-disabled={count < 2 || undefined} onClick={() => count === 2 && onCompare()}>
        <Columns2 size={16} aria-hidden />
        {T.compare}
      </Button>
      {count > 0 && (
        <Button size="sm" variant="outline" onClick={onClear}>
          {T.clearSelection}
        </Button>
      )}
    </div>
  );
}

export interface CompareToggleProps {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

/** The card's "select to compare" checkbox; a third choice replaces the oldest (the gallery keeps two). */
export function CompareToggle({ label, checked, onChange }: CompareToggleProps) {
  return (
    <label className="img-card__compare">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="act-sr-only">{T.selectToCompare(label)}</span>
    </label>
  );
}
