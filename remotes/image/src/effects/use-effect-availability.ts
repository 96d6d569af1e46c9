// Whether this server can run a photo effect (GET /api/image/status), asked once when its screen opens, so an effect
// that needs a provider key says so before the member uploads. An unanswered check counts as available: running then
// reports the real failure.
import { useEffect, useState } from 'react';
import type { PhotoEffectToolId } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';
import { fetchEffectAvailability } from './effects-api';

export type EffectAvailability = 'checking' | 'available' | 'unavailable';

export function useEffectAvailability(api: ApiClient, tool: PhotoEffectToolId): EffectAvailability {
  const [availability, setAvailability] = useState<EffectAvailability>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchEffectAvailability(api, controller.signal).then(
      (effects) => {
        if (!controller.signal.aborted)
          setAvailability(effects[tool] === false ? 'unavailable' : 'available');
      },
      () => {
        if (!controller.signal.aborted) setAvailability('available');
      },
    );
    return () => controller.abort();
  }, [api, tool]);
  return availability;
}
