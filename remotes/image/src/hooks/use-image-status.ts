// Whether text to image can generate at all (the image service has a provider key), asked once when the screen
// opens, so it can say so before the member types. An unanswered check counts as available: generating then reports
// the real failure.
import { useEffect, useState } from 'react';
import type { ApiClient } from '@act/host-sdk';
import { fetchTextToImageAvailable } from '../api/image-api';

export type ImageAvailability = 'checking' | 'available' | 'unavailable';

export function useImageStatus(api: ApiClient): ImageAvailability {
  const [availability, setAvailability] = useState<ImageAvailability>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchTextToImageAvailable(api, controller.signal).then(
      (available) => {
        if (!controller.signal.aborted) setAvailability(available ? 'available' : 'unavailable');
      },
      () => {
        if (!controller.signal.aborted) setAvailability('available');
      },
    );
    return () => controller.abort();
  }, [api]);
  return availability;
}
