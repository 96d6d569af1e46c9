import './test-support/dom';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { useToolRun } from './use-tool-run';

describe('useToolRun', () => {
  it('goes idle → loading → success and passes remainingCredits to the host', async () => {
    const host = { onCreditsChange: vi.fn() };
    let finish: (value: { prompt: string; remainingCredits: number }) => void = () => undefined;
    const action = () =>
      new Promise<{ prompt: string; remainingCredits: number }>((resolve) => (finish = resolve));
    const { result } = renderHook(() => useToolRun(host, action, 'Failed to generate prompt'));
    expect(result.current.status).toBe('idle');
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.run();
    });
    expect(result.current.status).toBe('loading');
    await act(async () => {
      finish({ prompt: 'a cat', remainingCredits: 48 });
      await pending;
    });
    expect(result.current).toMatchObject({ status: 'success', result: { prompt: 'a cat' }, error: null });
    expect(host.onCreditsChange).toHaveBeenCalledWith(48);
  });

  it("shows the server's text, or the fallback, and flags needsSignup", async () => {
    const host = { onCreditsChange: vi.fn() };
    const failing = async (): Promise<{ remainingCredits?: number }> => {
      throw new ApiError('You have used your free try of this tool.', 'NEEDS_SIGNUP', 403, true);
    };
    const { result } = renderHook(() => useToolRun(host, failing, 'Failed to generate prompt'));
    await act(async () => {
      await result.current.run();
    });
    expect(result.current).toMatchObject({
      status: 'error',
      error: 'You have used your free try of this tool.',
      needsSignup: true,
    });

    const crashing = async (): Promise<{ remainingCredits?: number }> => {
      throw new TypeError('boom');
    };
    const second = renderHook(() => useToolRun(host, crashing, 'Failed to generate prompt'));
    await act(async () => {
      await second.result.current.run();
    });
    expect(second.result.current.error).toBe('Failed to generate prompt');
    expect(host.onCreditsChange).not.toHaveBeenCalled();
  });
});
