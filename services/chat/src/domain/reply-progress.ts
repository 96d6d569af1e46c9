// Saved progress of the open replies (docs/architecture.md#chat-replies): while a reply's columns stream, their text
// is saved every CHAT_PERSIST_INTERVAL_MS, so a reopened session shows the reply growing, a follower on any replica
// reads it (reply-follow.ts), and a replica that dies mid-reply leaves what had arrived. One timer for every open
// reply of the process rather than one per reply: a timer and its closure per reply were memory per open reply
// (docs/performance.md#chats-32-kb-on-this-design).
import type { Logger } from '@act/service-kit';
import type { ChatStore } from '../db/chat-store';
import type { ColumnState } from './reply-columns';
import { rowsOf } from './reply-settlement';

/** An open reply whose columns are saved while they stream (chat-replies.ts's ReplyRun). */
export interface SavedReply {
  readonly columns: readonly ColumnState[];
  /** The save of this reply under way, if any: one at a time per reply. */
  saving: Promise<void> | undefined;
  log(): Logger;
}

/** Saves each open reply's changed columns every `intervalMs`; a failed save is retried at the next tick. */
export class ProgressSaves {
  private readonly open = new Set<SavedReply>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: ChatStore,
    private readonly intervalMs: number,
  ) {}

  /** Saves this reply's progress from the next tick on (within `intervalMs` of now). */
  add(reply: SavedReply): void {
    this.open.add(reply);
    this.timer ??= setInterval(saveAll, this.intervalMs, this);
  }

  /** Saves no more of this reply; resolves once its save under way has ended (it never rejects). */
  remove(reply: SavedReply): Promise<void> {
    this.open.delete(reply);
    if (this.open.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    return reply.saving ?? Promise.resolve();
  }

  /** One tick: each open reply's changed columns, unless its last save is still under way. */
  saveAll(): void {
    for (const reply of this.open) this.save(reply);
  }

  private save(reply: SavedReply): void {
    if (reply.saving) return;
    const dirty = reply.columns.filter((column) => column.dirty);
    if (dirty.length === 0) return;
    for (const column of dirty) column.dirty = false;
    const rows = rowsOf(dirty).map((row) => ({ ...row, status: 'streaming' as const }));
    reply.saving = this.store
      .saveProgress(rows)
      .catch((error: unknown) => {
        for (const column of dirty) column.dirty = true;
        reply.log().warn({ err: error }, 'could not save the reply so far; retrying');
      })
      .finally(() => {
        reply.saving = undefined;
      });
  }
}

/** The timer's one function for every tick (the saver its argument: no closure). */
function saveAll(saves: ProgressSaves): void {
  saves.saveAll();
}
