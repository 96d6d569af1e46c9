// useRecorder's hands-free end (conversation mode): a take ends by itself after speech and a pause, is dropped when
// nothing is heard, and cancel() hands nothing over. The microphone is faked at its edges: getUserMedia, MediaRecorder
// and an AnalyserNode whose samples the test sets (loud is speech, flat is silence); time is the fake clock's.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeMicrophone } from './test-support/fake-microphone';
import { NOTHING_HEARD_MS, PAUSE_MS, levelOf, useRecorder } from './use-recorder';

let mic: FakeMicrophone;

beforeEach(() => {
  vi.useFakeTimers();
  mic = new FakeMicrophone().install();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function handsFree() {
  const onRecorded = vi.fn();
  const onNothingHeard = vi.fn();
  const hook = renderHook(() => useRecorder({ onRecorded, endOnPause: { onNothingHeard } }));
  return { hook, onRecorded, onNothingHeard };
}

describe('useRecorder', () => {
  it('measures a flat signal as silence and a full-scale square wave as full level', () => {
    expect(levelOf(mic.samples)).toBe(0);
    mic.speak();
    expect(levelOf(mic.samples)).toBeGreaterThan(0.5);
  });

  it('ends a hands-free take after speech and a pause, handing over the bare audio type', async () => {
    const { hook, onRecorded, onNothingHeard } = handsFree();
    await act(() => hook.result.current.start());
    expect(hook.result.current.state).toBe('recording');
    mic.speak();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    mic.pause();
    // A breath shorter than the pause goes on recording.
    await act(() => vi.advanceTimersByTimeAsync(PAUSE_MS - 500));
    expect(onRecorded).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    expect((onRecorded.mock.calls[0]![0] as Blob).type).toBe('audio/webm');
    expect(hook.result.current.state).toBe('idle');
    expect(onNothingHeard).not.toHaveBeenCalled();
  });

  it('drops a take that heard nothing and says so', async () => {
    const { hook, onRecorded, onNothingHeard } = handsFree();
    await act(() => hook.result.current.start());
    await act(() => vi.advanceTimersByTimeAsync(NOTHING_HEARD_MS - 500));
    expect(onNothingHeard).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onNothingHeard).toHaveBeenCalledTimes(1);
    expect(onRecorded).not.toHaveBeenCalled();
    expect(hook.result.current.state).toBe('idle');
  });

  it('hands nothing over after cancel', async () => {
    const { hook, onRecorded } = handsFree();
    await act(() => hook.result.current.start());
    mic.speak();
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => hook.result.current.cancel());
    expect(onRecorded).not.toHaveBeenCalled();
    expect(hook.result.current.state).toBe('idle');
  });
});
