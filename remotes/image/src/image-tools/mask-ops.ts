// The mask of Edit a region as data (docs/product-rules.md#edit-a-region): marks in the picture's own pixels, painted
// strokes or rectangles added from the keyboard, drawn onto a canvas for the overlay, and exported as the PNG the
// server takes: the picture's size, black where it stays, white where it may change.
import { LIMITS } from '@act/contracts';

export type Point = readonly [number, number];

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type MaskMark = { kind: 'stroke'; size: number; points: readonly Point[] } | ({ kind: 'rect' } & Rect);

export interface Size {
  width: number;
  height: number;
}

/** One arrow press moves or resizes the rectangle by a twentieth of the picture's shorter side. */
export function rectStep(size: Size): number {
  return Math.max(1, Math.round(Math.min(size.width, size.height) / 20));
}

/** The keyboard rectangle's start: a quarter of each side, in the middle of the picture. */
export function initialRect(size: Size): Rect {
  const width = Math.max(1, Math.round(size.width / 4));
  const height = Math.max(1, Math.round(size.height / 4));
  return {
    x: Math.round((size.width - width) / 2),
    y: Math.round((size.height - height) / 2),
    width,
    height,
  };
}

const MOVES: Record<string, Point> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The rectangle after an arrow key (Shift: resize), kept inside the picture; null for any other key. */
export function keyRect(rect: Rect, key: string, resize: boolean, size: Size): Rect | null {
  const move = MOVES[key];
  if (!move) return null;
  const step = rectStep(size);
  const [dx, dy] = [move[0] * step, move[1] * step];
  if (resize) {
    const width = Math.min(size.width - rect.x, Math.max(step, rect.width + dx));
    const height = Math.min(size.height - rect.y, Math.max(step, rect.height + dy));
    return { ...rect, width, height };
  }
  const x = Math.min(size.width - rect.width, Math.max(0, rect.x + dx));
  const y = Math.min(size.height - rect.height, Math.max(0, rect.y + dy));
  return { ...rect, x, y };
}

/** The brush size shown (CSS pixels) clamped to the contracts' range. */
export function clampBrush(size: number): number {
  return Math.min(LIMITS.maskBrush.max, Math.max(LIMITS.maskBrush.min, Math.round(size)));
}

/** Draws the marks in one colour (the overlay's tint, or white for the export). */
export function drawMarks(ctx: CanvasRenderingContext2D, marks: readonly MaskMark[], colour: string): void {
  ctx.fillStyle = colour;
  ctx.strokeStyle = colour;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const mark of marks) {
    if (mark.kind === 'rect') {
      ctx.fillRect(mark.x, mark.y, mark.width, mark.height);
      continue;
    }
    const [first, ...rest] = mark.points;
    if (!first) continue;
    ctx.lineWidth = mark.size;
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    // A single press is a dot: a zero-length line with round caps.
    for (const point of rest.length > 0 ? rest : [first]) ctx.lineTo(point[0], point[1]);
    ctx.stroke();
  }
}

/** The mask PNG as a data URL: `size`, black, with every mark in white. */
export function maskDataUrl(
  marks: readonly MaskMark[],
  size: Size,
  makeCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): string {
  const canvas = makeCanvas();
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, size.width, size.height);
  drawMarks(ctx, marks, '#ffffff');
  return canvas.toDataURL('image/png');
}
