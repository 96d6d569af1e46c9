import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAvailability } from './use-availability';

describe('useAvailability', () => {
  it('says checking, then what the check answered', async () => {
    const yes = renderHook(() => useAvailability(async () => true, []));
    expect(yes.result.current).toBe('checking');
    await waitFor(() => expect(yes.result.current).toBe('available'));
    const no = renderHook(() => useAvailability(async () => false, []));
    await waitFor(() => expect(no.result.current).toBe('unavailable'));
  });

  it('counts a check that fails as available, so the run reports the real failure', async () => {
    const { result } = renderHook(() => useAvailability(() => Promise.reject(new Error('offline')), []));
    await waitFor(() => expect(result.current).toBe('available'));
  });

  it('asks again when what it depends on changes, and aborts the check it no longer needs', async () => {
    const signals: AbortSignal[] = [];
    const { result, rerender } = renderHook(
      ({ tool }) =>
        useAvailability(
          async (signal) => {
            signals.push(signal);
            return tool === 'color-correction';
          },
          [tool],
        ),
      { initialProps: { tool: 'color-correction' } },
    );
    await waitFor(() => expect(result.current).toBe('available'));
    rerender({ tool: 'baby-version' });
    await waitFor(() => expect(result.current).toBe('unavailable'));
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
  });
});
