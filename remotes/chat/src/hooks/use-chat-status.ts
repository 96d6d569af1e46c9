// Whether chat can answer at all (the chat service has a provider key), asked once when a chat screen opens, so the
// screen can say so before the member types. An unanswered check counts as available: the send then reports the
// real failure.
import { useEffect, useState } from 'react';
import type { ApiClient } from '@act/host-sdk';
import { fetchChatStatus } from '../api/chat-api';

export type ChatAvailability = 'checking' | 'available' | 'unavailable';

export function useChatStatus(api: ApiClient): ChatAvailability {
  const [availability, setAvailability] = useState<ChatAvailability>('checking');
  useEffect(() => {
    const controller = new AbortController();
    fetchChatStatus(api, controller.signal).then(
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
