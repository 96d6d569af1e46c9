// Stop for a reply this page sent or follows: the server is asked to stop the reply by its id (from any replica). A
// Stop asked for before the sent reply's id arrived is sent once `start` brings it.
import { useCallback, useRef, useState } from 'react';
import { CHAT_ENDPOINTS } from '@act/contracts';
import type { ApiClient } from '@act/host-sdk';

export interface ReplyStop {
  stopping: boolean;
  /** The sent reply's id arrived (what Stop takes). */
  started(replyId: string): void;
  /** A new send, or no reply any more: nothing is being stopped. */
  clear(): void;
  /** Asks to stop the reply this page reads (`reading`), else the reply written on the server (`serverReplyId`). */
  stop(reading: boolean, serverReplyId: string | undefined): void;
}

export function useStop(api: ApiClient): ReplyStop {
  const [stopping, setStopping] = useState(false);
  // What the callbacks must see at once: the reply id Stop needs, and a Stop asked for before that id arrived.
  const replyId = useRef<string | null>(null);
  const wanted = useRef(false);

  const sendStop = useCallback(
    (id: string) => {
      api.call(CHAT_ENDPOINTS.stop, { body: { messageId: id } }).catch(() => {
        // The reply may have ended meanwhile; the stream (or the next read) shows how it ended.
        setStopping(false);
      });
    },
    [api],
  );

  const started = useCallback(
    (id: string) => {
      replyId.current = id;
      if (wanted.current) sendStop(id);
    },
    [sendStop],
  );

  const clear = useCallback(() => {
    replyId.current = null;
    wanted.current = false;
    setStopping(false);
  }, []);

  const stop = (reading: boolean, serverReplyId: string | undefined) => {
    if (stopping) return;
    setStopping(true);
    const id = reading ? replyId.current : (serverReplyId ?? null);
    if (id) sendStop(id);
    else if (reading) wanted.current = true;
    else setStopping(false);
  };

  return { stopping, started, clear, stop };
}
