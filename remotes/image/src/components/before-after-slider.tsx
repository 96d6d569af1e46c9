// The before/after comparison of the photo effects (docs/product-rules.md#screens, #costs-and-limits): the After
// image under the Before image, which is cut off at the slider's position (0–100, default 50; 0 shows only After, 100
// only Before). The divider is a slider: dragged with a mouse, pen or finger anywhere on the picture, and moved by
// keyboard (arrows by 1, Page Up/Down by 10, Home, End). A side-by-side view shows both whole.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { SegmentedControl } from '@act/host-sdk';
import './before-after-slider.css';

const T = UI_TEXTS.photoTool;

export const SLIDER_DEFAULT = 50;

export type ComparisonView = 'slider' | 'side-by-side';

export interface BeforeAfterSliderProps {
  before: { src: string; alt: string };
  after: { src: string; alt: string };
  value: number;
  onValueChange(value: number): void;
  /** Caption under the comparison (the result's or the sample's). */
  caption: string;
  /** Width / height of the pictures, so the frame keeps their shape (both are shown whole, centred). */
  aspect?: number;
  /** Offer the side-by-side toggle (results; the sample keeps the slider). */
  allowSideBySide?: boolean;
  /** The two sides' names and the slider's (Before, After by default; two gallery images name theirs). */
  labels?: { before: string; after: string; slider: string };
}

function clamp(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

const KEY_STEPS: Readonly<Record<string, (value: number) => number>> = {
  ArrowLeft: (v) => v - 1,
  ArrowDown: (v) => v - 1,
  ArrowRight: (v) => v + 1,
  ArrowUp: (v) => v + 1,
  PageDown: (v) => v - 10,
  PageUp: (v) => v + 10,
  Home: () => 0,
  End: () => 100,
};

export function BeforeAfterSlider({
  before,
  after,
  value,
  onValueChange,
  caption,
  aspect = 4 / 3,
  allowSideBySide = false,
  labels = { before: T.before, after: T.after, slider: T.compareLabel },
}: BeforeAfterSliderProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<ComparisonView>('slider');
  const [dragging, setDragging] = useState(false);
  const shown = allowSideBySide ? view : 'slider';

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return;
    onValueChange(clamp(((clientX - box.left) / box.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    frame.current?.setPointerCapture?.(event.pointerId);
    setDragging(true);
    moveTo(event.clientX);
    frame.current?.querySelector<HTMLElement>('[role="slider"]')?.focus();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging) moveTo(event.clientX);
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    setDragging(false);
    if (frame.current?.hasPointerCapture?.(event.pointerId))
      frame.current.releasePointerCapture(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    onValueChange(clamp(step(value)));
  };

  return (
    <figure className="ie-compare">
      {allowSideBySide && (
        <SegmentedControl<ComparisonView>
          label={T.viewLabel}
          className="ie-compare__views"
          value={view}
          onValueChange={setView}
          options={[
            { value: 'slider', label: T.sliderView },
            { value: 'side-by-side', label: T.sideBySideView },
          ]}
        />
      )}

      {shown === 'slider' ? (
        <div
          ref={frame}
          className="ie-compare__frame"
          style={{ aspectRatio: String(aspect) }}
          data-dragging={dragging || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <img className="ie-compare__image" src={after.src} alt={after.alt} draggable={false} />
          <div className="ie-compare__before" style={{ clipPath: `inset(0 ${100 - value}% 0 0)` }}>
            <img className="ie-compare__image" src={before.src} alt={before.alt} draggable={false} />
          </div>
          <span className="ie-compare__label ie-compare__label--before">{labels.before}</span>
          <span className="ie-compare__label ie-compare__label--after">{labels.after}</span>
          <div
            role="slider"
            tabIndex={0}
            aria-label={labels.slider}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-valuetext={`${value}% ${labels.before}, ${100 - value}% ${labels.after}`}
            aria-orientation="horizontal"
            className="ie-compare__handle"
            style={{ left: `${value}%` }}
            onKeyDown={onKeyDown}
          >
            <span className="ie-compare__grip" aria-hidden />
          </div>
        </div>
      ) : (
        <div className="ie-compare__pair">
          <div className="ie-compare__side" style={{ aspectRatio: String(aspect) }}>
            <img className="ie-compare__image" src={before.src} alt={before.alt} />
            <span className="ie-compare__label ie-compare__label--before">{labels.before}</span>
          </div>
          <div className="ie-compare__side" style={{ aspectRatio: String(aspect) }}>
            <img className="ie-compare__image" src={after.src} alt={after.alt} />
            <span className="ie-compare__label ie-compare__label--after">{labels.after}</span>
          </div>
        </div>
      )}
      <figcaption className="ie-compare__caption">{caption}</figcaption>
    </figure>
  );
}
