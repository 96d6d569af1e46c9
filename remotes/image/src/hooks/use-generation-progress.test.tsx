import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  nextSimulatedProgress,
  useGenerationProgress,
  type GenerationPhase,
} from './use-generation-progress';

afterEach(() => {
  vi.useRealTimers();
});

describe('text-to-image progress bar', () => {
  it('adds a random amount up to 10 per step and stops at 90', () => {
    expect(nextSimulatedProgress(0, 0.5)).toBe(5);
    expect(nextSimulatedProgress(20, 0.999)).toBeCloseTo(29.99);
    expect(nextSimulatedProgress(88, 0.9)).toBe(90);
    expect(nextSimulatedProgress(90, 1)).toBe(90);
  });

  it('moves every 500 ms while running, never past 90, follows the reported percentage, and is 100 when done', () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, 'random').mockReturnValue(1);
    const { result, rerender } = renderHook(
      ({ phase, reported }: { phase: GenerationPhase; reported?: number }) =>
        useGenerationProgress(phase, reported),
      { initialProps: { phase: 'idle' } as { phase: GenerationPhase; reported?: number } },
    );
    expect(result.current).toBe(0);
    rerender({ phase: 'running' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(10);
    act(() => vi.advanceTimersByTime(500 * 20));
    expect(result.current).toBe(90);
    rerender({ phase: 'done' });
    expect(result.current).toBe(100);

    // A new run starts from 0; once the provider reports a figure the bar shows it (and no longer walks by itself).
    rerender({ phase: 'idle' });
    rerender({ phase: 'running' });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(10);
    rerender({ phase: 'running', reported: 55 });
    expect(result.current).toBe(55);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(55);
    rerender({ phase: 'running', reported: 100 });
    expect(result.current).toBe(90);
    random.mockRestore();
  });
});
