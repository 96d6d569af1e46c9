// The picture with the mask painted over it (docs/product-rules.md#edit-a-region). The canvas has the picture's own
// pixel size and is scaled by CSS, so a pointer position maps to picture pixels by the ratio of the two. Pointer:
// press and drag to paint with the brush. Keyboard: the canvas takes focus, the arrow keys move a rectangle (Shift +
// arrows size it) and Enter adds it to the mask; its position is announced.
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { drawMarks, type MaskMark, type Point, type Size } from './mask-ops';
import type { Mask } from './use-mask';

const T = UI_TEXTS.editImage;
/** The overlay's tint: the painted area stays visible through it. */
const TINT = 'rgba(236, 0, 140, 0.5)';
const OUTLINE = '#ffffff';

export interface MaskCanvasProps {
  url: string;
  alt: string;
  size: Size | null;
  mask: Mask;
  disabled: boolean;
}

export function MaskCanvas({ url, alt, size, mask, disabled }: MaskCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [stroke, setStroke] = useState<MaskMark | null>(null);
  const [focused, setFocused] = useState(false);
  const hintId = useId();

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !size) return;
    ctx.clearRect(0, 0, size.width, size.height);
    drawMarks(ctx, stroke ? [...mask.marks, stroke] : mask.marks, TINT);
    if (focused && mask.rect) {
      ctx.setLineDash([8, 6]);
      ctx.lineWidth = Math.max(2, size.width / 300);
      ctx.strokeStyle = OUTLINE;
      ctx.strokeRect(mask.rect.x, mask.rect.y, mask.rect.width, mask.rect.height);
      ctx.setLineDash([]);
    }
  }, [mask.marks, mask.rect, stroke, focused, size]);

  /** The pointer's position in picture pixels, and picture pixels per CSS pixel. */
  const at = (event: PointerEvent<HTMLDivElement>): { point: Point; scale: number } => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = size && box.width > 0 ? size.width / box.width : 1;
    return { point: [(event.clientX - box.left) * scale, (event.clientY - box.top) * scale], scale };
  };

  return (
    <div className="it-mask">
      <img className="it-mask__picture" src={url} alt={alt} />
      {size && (
        // The arrow keys belong to this surface (they move the rectangle), so screen readers pass them through: an
        // application, which the lint rule counts as non-interactive although it is the role for exactly this.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          className="it-mask__surface"
          tabIndex={disabled ? -1 : 0}
          role="application"
          aria-label={T.canvasLabel}
          aria-describedby={hintId}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(event) => {
            if (disabled) return;
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              mask.addRect(size);
            } else if (mask.onArrow(event.key, event.shiftKey, size)) event.preventDefault();
          }}
          onPointerDown={(event) => {
            if (disabled || event.button !== 0) return;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            const { point, scale } = at(event);
            setStroke({ kind: 'stroke', size: mask.brush * scale, points: [point] });
          }}
          onPointerMove={(event) => {
            if (!stroke || stroke.kind !== 'stroke') return;
            const { point } = at(event);
            setStroke({ ...stroke, points: [...stroke.points, point] });
          }}
          onPointerUp={() => {
            if (stroke) mask.add(stroke);
            setStroke(null);
          }}
          onPointerCancel={() => setStroke(null)}
        >
          <canvas ref={canvas} className="it-mask__canvas" width={size.width} height={size.height} />
        </div>
      )}
      <p id={hintId} className="it-mask__hint">
        {T.maskHint}
      </p>
      <p className="act-sr-only" role="status" aria-live="polite">
        {focused && mask.rect
          ? T.rectangleStatus(mask.rect.x, mask.rect.y, mask.rect.width, mask.rect.height)
          : ''}
      </p>
    </div>
  );
}
