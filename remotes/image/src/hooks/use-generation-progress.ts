// The text-to-image progress bar (docs/product-rules.md#states, #costs-and-limits): while an image is generated it
// grows by a random amount up to 10 every 500 ms and stops at 90; once the provider reports a percentage (the
// stream's `progress` events) the bar follows that instead, still held below 90 until the image is done; on success
// it jumps to 100.
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '@act/contracts';

const P = LIMITS.progress;

export type GenerationPhase = 'idle' | 'running' | 'done';

/** One tick of the simulated bar: up to `stepMax` more, never past the cap. */
export function nextSimulatedProgress(value: number, random: number = Math.random()): number {
  return Math.min(P.cap, value + random * P.stepMax);
}

/**
 * @param phase idle (no bar), running (from 0, moving), done (100).
 * @param reported the provider's last reported percentage, if it reported any during this run.
 */
export function useGenerationProgress(phase: GenerationPhase, reported: number | undefined): number {
  const [simulated, setSimulated] = useState(0);
  const reportedRef = useRef(reported);
  useEffect(() => {
    reportedRef.current = reported;
  });

  useEffect(() => {
    if (phase !== 'running') return;
    setSimulated(0);
    const timer = setInterval(() => {
      // The provider's own figures win: the random walk only fills the silence before the first one.
      if (reportedRef.current === undefined) setSimulated((value) => nextSimulatedProgress(value));
    }, P.intervalMs);
    return () => clearInterval(timer);
  }, [phase]);

  if (phase === 'idle') return 0;
  if (phase === 'done') return 100;
  if (reported !== undefined) return Math.max(simulated, Math.min(P.cap, reported));
  return simulated;
}
