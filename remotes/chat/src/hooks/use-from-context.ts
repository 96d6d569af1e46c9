// `/tools/chat-agent?from=<library item>` (docs/product-rules.md#send-to): a report or summary goes into the Chat
// Agent's message box as context. The box appears once a model is chosen (choosing one empties it), so the text waits
// here and the page takes it when the member picks the model.
import { useCallback, useRef } from 'react';
import { LIBRARY_TEXTS, LIMITS } from '@act/contracts';
import { useFromItem, type FromItemState, type ToolHost } from '@act/host-sdk';

export interface FromContext {
  state: FromItemState;
  /** The context for the message box, once (null when there is none or it was taken). */
  take(): string | null;
}

export function useFromContext(host: ToolHost): FromContext {
  const pending = useRef<string | null>(null);
  const state = useFromItem(host, ({ item, text }) => {
    if (text !== undefined)
      pending.current = LIBRARY_TEXTS.chatContext(item.title, text).slice(0, LIMITS.chatMessage);
  });
  const take = useCallback(() => {
    const context = pending.current;
    pending.current = null;
    return context;
  }, []);
  return { state, take };
}
