// The mask's tools beside the picture: brush size, Undo, Clear, and Add rectangle (the keyboard rectangle, for those
// who do not paint with a pointer).
import { Eraser, SquareDashed, Undo2 } from 'lucide-react';
import { LIMITS, UI_TEXTS } from '@act/contracts';
import { Button, Slider } from '@act/host-sdk';
import type { Size } from './mask-ops';
import type { Mask } from './use-mask';

const T = UI_TEXTS.editImage;

export function MaskControls({ mask, size, disabled }: { mask: Mask; size: Size | null; disabled: boolean }) {
  const empty = mask.marks.length === 0;
  return (
    <div className="act-stack it-mask-controls">
      <div className="it-mask-controls__brush">
        <span className="act-label" aria-hidden>
          {T.brushSize}: {mask.brush}px
        </span>
        <Slider
          label={T.brushSize}
          value={mask.brush}
          onValueChange={mask.setBrush}
          min={LIMITS.maskBrush.min}
          max={LIMITS.maskBrush.max}
          step={LIMITS.maskBrush.step}
          disabled={disabled}
        />
      </div>
      <div className="it-mask-controls__buttons">
        <Button variant="outline" size="sm" onClick={mask.undo} disabled={disabled || empty}>
          <Undo2 size={16} aria-hidden />
          {T.undo}
        </Button>
        <Button variant="outline" size="sm" onClick={mask.clear} disabled={disabled || empty}>
          <Eraser size={16} aria-hidden />
          {T.clear}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => size && mask.addRect(size)}
          disabled={disabled || !size}
        >
          <SquareDashed size={16} aria-hidden />
          {T.addRectangle}
        </Button>
      </div>
      <p className="it-mask-controls__count" aria-live="polite">
        {T.maskStrokes(mask.marks.length)}
      </p>
    </div>
  );
}
