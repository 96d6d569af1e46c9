// A streaming reply's text, saved every CHAT_PERSIST_INTERVAL_MS (docs/architecture.md#chat-replies): a reopened
// session shows the reply growing, and a replica that dies mid-reply leaves what had arrived.
import type { Logger } from '@act/service-kit';
import type { ChatStore } from '../db/chat-store';
import { rowsOf, type ColumnState } from './reply-columns';

export interface ProgressSaver {
  /** Saves no more; resolves once a save under way has ended (it never rejects). */
  stop(): Promise<void>;
}

/** Saves the changed columns every `intervalMs`: one save at a time, a failed save retried at the next tick. */
export function saveProgressEvery(
  intervalMs: number,
  columns: readonly ColumnState[],
  { store, log }: { store: ChatStore; log: () => Logger },
): ProgressSaver {
  let saving: Promise<void> = Promise.resolve();
  let running = false;
  const save = () => {
    if (running) return;
    const dirty = columns.filter((column) => column.dirty);
    if (dirty.length === 0) return;
    for (const column of dirty) column.dirty = false;
    const rows = rowsOf(dirty).map((row) => ({ ...row, status: 'streaming' as const }));
    running = true;
    saving = store
      .saveProgress(rows)
      .catch((error: unknown) => {
        for (const column of dirty) column.dirty = true;
        log().warn({ err: error }, 'could not save the reply so far; retrying');
      })
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(save, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return saving;
    },
  };
}
