// The state of the mask being painted: its marks (undo takes the last one back, clear removes them all), the brush
// size, and the keyboard rectangle (moved and sized with the arrow keys, added to the mask with Enter or the button).
import { useCallback, useState } from 'react';
import { LIMITS } from '@act/contracts';
import { clampBrush, initialRect, keyRect, type MaskMark, type Rect, type Size } from './mask-ops';

export interface Mask {
  marks: readonly MaskMark[];
  add(mark: MaskMark): void;
  undo(): void;
  clear(): void;
  brush: number;
  setBrush(size: number): void;
  /** The keyboard rectangle, once the picture's size is known. */
  rect: Rect | null;
  /** Handles an arrow key (Shift: resize); true when it was one. */
  onArrow(key: string, resize: boolean, size: Size): boolean;
  /** Adds the rectangle (starting it first if there is none yet) to the mask. */
  addRect(size: Size): void;
}

export function useMask(): Mask {
  const [marks, setMarks] = useState<readonly MaskMark[]>([]);
  const [brush, setBrushState] = useState<number>(LIMITS.maskBrush.default);
  const [rect, setRect] = useState<Rect | null>(null);

  const add = useCallback((mark: MaskMark) => setMarks((all) => [...all, mark]), []);
  const undo = useCallback(() => setMarks((all) => all.slice(0, -1)), []);
  const clear = useCallback(() => {
    setMarks([]);
    setRect(null);
  }, []);
  const setBrush = useCallback((size: number) => setBrushState(clampBrush(size)), []);

  const onArrow = useCallback(
    (key: string, resize: boolean, size: Size) => {
      const next = keyRect(rect ?? initialRect(size), key, resize, size);
      if (next) setRect(next);
      return next !== null;
    },
    [rect],
  );
  const addRect = useCallback(
    (size: Size) => {
      const shape = rect ?? initialRect(size);
      setRect(shape);
      add({ kind: 'rect', ...shape });
    },
    [rect, add],
  );

  return { marks, add, undo, clear, brush, setBrush, rect, onArrow, addRect };
}
