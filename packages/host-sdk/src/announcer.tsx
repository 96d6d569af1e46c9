// The one polite status region of the member pages (docs/architecture.md#status-announcements). Tool screens say
// state changes through announce(): started, progress at coarse steps, result ready, reply finished. Timers and
// counters stay on screen but out of live regions, so nothing is read per tick or per keystroke; errors keep their
// own role="alert" next to the field or result they belong to. The shell mounts <Announcer /> once.
import { useMemo, useRef } from 'react';
import { UI_TEXTS } from '@act/contracts';
import { createStore, useStoreState } from './store';

export interface Announcement {
  id: number;
  message: string;
}

/** How many past announcements getAnnouncements() keeps (for tests and the shell's debug views). */
const KEPT = 50;

const announcementStore = createStore<readonly Announcement[]>([]);
let nextAnnouncementId = 1;

/** Says `message` once through the polite region (read after what the screen reader is saying now). */
export function announce(message: string): void {
  const item = { id: nextAnnouncementId++, message };
  announcementStore.setState((items) => [...items, item].slice(-KEPT));
}

/** The announcements made so far, oldest first. */
export function getAnnouncements(): readonly Announcement[] {
  return announcementStore.getState();
}

/** Forgets past announcements (tests start each case from an empty list). */
export function clearAnnouncements(): void {
  announcementStore.setState([]);
}

export function useAnnounce(): typeof announce {
  return announce;
}

/** A quarter: progress is said at 25, 50 and 75%, never per progress event. */
const PROGRESS_STEP = 25;

export interface RunAnnouncer {
  /** The run started: 'Working on it...'. */
  started(): void;
  /** The run's progress (0-100) now: said only when it passes the next quarter. */
  progress(percent: number): void;
  /** The result is on screen: 'Result ready', once. */
  finished(): void;
}

/** The announcements of one long run (a voice job, an image being generated, a summary being written). */
export function useRunAnnouncer(): RunAnnouncer {
  const lastStep = useRef(0);
  return useMemo(
    () => ({
      started() {
        lastStep.current = 0;
        announce(UI_TEXTS.announce.working);
      },
      progress(percent) {
        const step = Math.floor(percent / PROGRESS_STEP) * PROGRESS_STEP;
        if (step <= lastStep.current || step >= 100) return;
        lastStep.current = step;
        announce(UI_TEXTS.announce.progress(step));
      },
      finished() {
        lastStep.current = 100;
        announce(UI_TEXTS.announce.resultReady);
      },
    }),
    [],
  );
}

export function Announcer() {
  const items = useStoreState(announcementStore);
  const last = items.at(-1);
  return (
    <div className="act-sr-only" role="status" aria-live="polite" aria-atomic="true">
      {/* A new node per announcement: the same words twice in a row are still read twice. */}
      {last && <p key={last.id}>{last.message}</p>}
    </div>
  );
}
