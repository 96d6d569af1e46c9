// The mask's geometry: the keyboard rectangle stays inside the picture while it moves and grows, and the export is a
// black PNG of the picture's own size with the marks in white.
import { describe, expect, it, vi } from 'vitest';
import { initialRect, keyRect, maskDataUrl, rectStep, type MaskMark } from './mask-ops';

const SIZE = { width: 400, height: 300 };

describe('keyboard rectangle', () => {
  it('starts as a quarter of each side in the middle, moves by a twentieth of the shorter side', () => {
    const start = initialRect(SIZE);
    expect(start).toEqual({ x: 150, y: 113, width: 100, height: 75 });
    expect(rectStep(SIZE)).toBe(15);
    expect(keyRect(start, 'ArrowLeft', false, SIZE)).toEqual({ ...start, x: 135 });
    expect(keyRect(start, 'ArrowDown', true, SIZE)).toEqual({ ...start, height: 90 });
    expect(keyRect(start, 'a', false, SIZE)).toBeNull();
  });

  it('never leaves the picture nor shrinks below one step', () => {
    let rect = initialRect(SIZE);
    for (let i = 0; i < 50; i += 1) rect = keyRect(rect, 'ArrowRight', false, SIZE)!;
    expect(rect.x + rect.width).toBe(400);
    for (let i = 0; i < 50; i += 1) rect = keyRect(rect, 'ArrowRight', true, SIZE)!;
    expect(rect.x + rect.width).toBe(400);
    for (let i = 0; i < 50; i += 1) rect = keyRect(rect, 'ArrowUp', true, SIZE)!;
    expect(rect.height).toBe(15);
  });
});

describe('mask export', () => {
  it('fills the picture size in black and draws every mark in white', () => {
    const calls: string[] = [];
    const ctx = {
      set fillStyle(value: string) {
        calls.push(`fill ${value}`);
      },
      set strokeStyle(value: string) {
        calls.push(`stroke ${value}`);
      },
      fillRect: (...args: number[]) => calls.push(`rect ${args.join(',')}`),
      beginPath: vi.fn(),
      moveTo: vi.fn(),
      lineTo: vi.fn(),
      stroke: () => calls.push('stroke'),
    };
    const canvas = {
      width: 0,
      height: 0,
      getContext: () => ctx,
      toDataURL: (type: string) => `data:${type};base64,AA==`,
    } as unknown as HTMLCanvasElement;
    const marks: MaskMark[] = [
      { kind: 'stroke', size: 10, points: [[1, 1]] },
      { kind: 'rect', x: 5, y: 6, width: 7, height: 8 },
    ];
    expect(maskDataUrl(marks, SIZE, () => canvas)).toBe('data:image/png;base64,AA==');
    expect([canvas.width, canvas.height]).toEqual([400, 300]);
    expect(calls).toEqual([
      'fill #000000',
      'rect 0,0,400,300',
      'fill #ffffff',
      'stroke #ffffff',
      'stroke',
      'rect 5,6,7,8',
    ]);
  });
});
