// A streaming reply's text, saved every CHAT_PERSIST_INTERVAL_MS (docs/architecture.md#chat-replies): a reopened
// session shows the reply growing, and a replica that dies mid-reply leaves what had arrived.
import type { Logger } from '@act/service-kit';
import type { ChatStore } from '../db/chat-store';
import { rowsOf, type ColumnState } from './reply-columns';

export interface ProgressSaver {
  /** Saves no more; resolves once a save under way has ended (it never rejects). */
  stop(): Promise<void>;
}

/**
 * One interval per period for every open reply, not one per reply: a timer per reply was a Timeout object and its
 * closure for each of hundreds of open replies (docs/architecture.md#performance). It runs only while a reply saves.
 */
const tickers = new Map<number, { timer: NodeJS.Timeout; saves: Set<() => void> }>();

function tickEvery(intervalMs: number, save: () => void): () => void {
  let ticker = tickers.get(intervalMs);
  if (!ticker) {
    const saves = new Set<() => void>();
    const timer = setInterval(() => {
      for (const each of saves) each();
    }, intervalMs);
    ticker = { timer, saves };
    tickers.set(intervalMs, ticker);
  }
  const { saves, timer } = ticker;
  saves.add(save);
  return () => {
    if (!saves.delete(save) || saves.size > 0) return;
    clearInterval(timer);
    tickers.delete(intervalMs);
  };
}

/**
 * Saves the changed columns at every tick (at most `intervalMs` apart): one save at a time, a failed save retried at
 * the next tick.
 */
export function saveProgressEvery(
  intervalMs: number,
  columns: readonly ColumnState[],
  { store, log }: { store: ChatStore; log: () => Logger },
): ProgressSaver {
  let saving: Promise<void> | undefined;
  const save = () => {
    if (saving) return;
    const dirty = columns.filter((column) => column.dirty);
    if (dirty.length === 0) return;
    for (const column of dirty) column.dirty = false;
    const rows = rowsOf(dirty).map((row) => ({ ...row, status: 'streaming' as const }));
    saving = store
      .saveProgress(rows)
      .catch((error: unknown) => {
        for (const column of dirty) column.dirty = true;
        log().warn({ err: error }, 'could not save the reply so far; retrying');
      })
      .finally(() => {
        saving = undefined;
      });
  };
  const untick = tickEvery(intervalMs, save);
  return {
    stop() {
      untick();
      return saving ?? Promise.resolve();
    },
  };
}
