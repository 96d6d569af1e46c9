// Whether a tool can run on this server at all (a provider key, a local engine), asked once when its screen opens so
// the screen can say so before the member types or uploads. An unanswered check counts as available: the run itself
// then reports the real failure, in the spec's words.
import { useEffect, useState, type DependencyList } from 'react';

export type Availability = 'checking' | 'available' | 'unavailable';

/** `check` resolves true when the tool can run; it is asked again when `deps` change, and aborted on unmount. */
export function useAvailability(
  check: (signal: AbortSignal) => Promise<boolean>,
  deps: DependencyList,
): Availability {
  const [availability, setAvailability] = useState<Availability>('checking');
  useEffect(() => {
    const controller = new AbortController();
    check(controller.signal).then(
      (available) => {
        if (!controller.signal.aborted) setAvailability(available ? 'available' : 'unavailable');
      },
      () => {
        if (!controller.signal.aborted) setAvailability('available');
      },
    );
    return () => controller.abort();
    // The caller names what the check depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return availability;
}
